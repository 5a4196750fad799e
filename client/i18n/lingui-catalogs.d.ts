/** A catalog compiled by @lingui/vite-plugin as it is imported. */
declare module '*.json?lingui' {
  import type { Messages } from './messages';

  export const messages: Messages;
}
