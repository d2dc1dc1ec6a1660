#!/bin/sh
# After removing the deb: the autostart entry and the command go; configuration, journal and logs stay
# (they are the casino's), as Debian policy expects of a remove (not a purge).
set -e
rm -f /etc/xdg/autostart/baccarat-board-kiosk.desktop /usr/bin/baccarat-board
exit 0
