/**
 * What the keypad's components send up to `<keypad-app>`: an action for the server, with the confirmation to ask
 * first when it would reach the boards.
 * @packageDocumentation
 */
import type { ActionRequest } from '../protocol';

/** A confirmation: what is about to happen, in the dealer's words, and its button. */
export interface Confirmation {
  readonly title: string;
  readonly body?: string;
  readonly label: string;
  readonly danger?: boolean;
}

export interface ActDetail {
  readonly request: ActionRequest;
  readonly confirm?: Confirmation;
}

/** `keypad-act`: the component asks the app to send an action (after the confirmation, if any). */
export type ActEvent = CustomEvent<ActDetail>;

export const actEvent = (detail: ActDetail): ActEvent =>
  new CustomEvent('keypad-act', { detail, bubbles: true, composed: true });

declare global {
  interface GlobalEventHandlersEventMap {
    'keypad-act': ActEvent;
  }
}
