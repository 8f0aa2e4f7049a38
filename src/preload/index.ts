import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi } from '../shared/desktop-api';
import { createDesktopBridge } from './desktop-bridge';

// Only the named functions cross the bridge; ipcRenderer itself stays here.
const desktop = createDesktopBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args)) satisfies DesktopApi;

contextBridge.exposeInMainWorld('desktop', desktop);
