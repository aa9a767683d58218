// Placeholder replaced by the extension client.
export function activate(): void {}
