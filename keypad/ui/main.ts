/** The keypad page's entry point: registers the components; `<keypad-app>` in index.html does the rest. */
import './keypad-app';
