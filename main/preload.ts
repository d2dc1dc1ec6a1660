/**
 * The preload: exposes exactly the typed kiosk API of the contract as `window.kiosk`, nothing else. Bundled to a
 * single file, since a sandboxed preload cannot require local modules.
 * @packageDocumentation
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { type KioskApi, PUSH_CHANNELS, REQUEST_CHANNELS } from '../contract/kiosk';

const api: KioskApi = {
  on(channel, listener) {
    if (!PUSH_CHANNELS.includes(channel)) throw new Error(`unknown push channel ${String(channel)}`);
    const wrapped = (_e: IpcRendererEvent, ...args: unknown[]) => (listener as (...a: unknown[]) => void)(...args);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  },
  request(channel, ...args) {
    if (!REQUEST_CHANNELS.includes(channel))
      return Promise.reject(new Error(`unknown request channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, ...args);
  },
};

contextBridge.exposeInMainWorld('kiosk', api);
