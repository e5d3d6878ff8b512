declare module 'hoodiecrow-imap' {
  type Server = {
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
    server: import('node:net').Server;
  };
  export default function hoodiecrow(options: Record<string, unknown>): Server;
}
