/** The Electron executable's path, or null when the package or its binary is missing. */
export function electronBinaryPath(): string | null;
