/** The console page's entry point: registers the components; `<console-app>` in index.html does the rest. */
import './console-app';
