import pino, { type Logger } from 'pino';

/** JSON logs in one line each; secrets that may pass through requests are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.otp'],
      censor: '[redacted]',
    },
  });
}
