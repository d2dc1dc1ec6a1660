#!/bin/sh
# After installing the deb: the configuration folder (with an example), the state and log folders, and the
# autostart entry for the kiosk user (/etc/baccarat-board/kiosk-user, default "kiosk").
set -e
install -d -m 0755 /etc/baccarat-board
[ -f /etc/baccarat-board/config.example.json ] || cp "/opt/baccarat-board/resources/config.example.json" /etc/baccarat-board/config.example.json
[ -f /etc/baccarat-board/kiosk-user ] || echo kiosk > /etc/baccarat-board/kiosk-user
kiosk_user=$(cat /etc/baccarat-board/kiosk-user)
install -d -m 0750 /var/lib/baccarat-board /var/log/baccarat-board
if id "$kiosk_user" >/dev/null 2>&1; then
  chown "$kiosk_user" /var/lib/baccarat-board /var/log/baccarat-board
fi
install -D -m 0644 /opt/baccarat-board/resources/kiosk/baccarat-board-autostart.desktop /etc/xdg/autostart/baccarat-board-kiosk.desktop
ln -sf "/opt/baccarat-board/baccarat-board" /usr/bin/baccarat-board
exit 0
