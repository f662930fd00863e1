type Level = 'debug' | 'info' | 'warn' | 'error';

// better-auth's origin check (its middlewares/origin-check) logs every untrusted origin or
// return address at error level, yet anyone on the internet can send one: a caller's mistake.
const CALLER_MISTAKE =
  /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/;
// The message quotes the address the caller sent; a log line carries no more of it than this.
const QUOTED_MAX = 200;

/** The level and text a better-auth log line is written with (decision 213). */
export const authLogLine = (level: Level, message: string): { level: Level; message: string } =>
  level === 'error' && CALLER_MISTAKE.test(message)
    ? { level: 'warn', message: message.slice(0, QUOTED_MAX) }
    : { level, message };
