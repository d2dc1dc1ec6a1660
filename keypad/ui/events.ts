/**
 * What the keypad's components send up to `<keypad-app>`: an action for the server, with the confirmation to ask
 * first when it would reach the boards.
 * @packageDocumentation
 */
import type { ActionRequest, DealerAction } from '../protocol';

/** A confirmation: what is about to happen, in the dealer's words, and its button. */
export interface Confirmation {
  readonly title: string;
  readonly body?: string;
  readonly label: string;
  readonly danger?: boolean;
  /** The body is a warning (a burn count other than rule 7.9's): shown as one, in the warning colour. */
  readonly warn?: boolean;
}

export interface ActDetail {
  readonly request: ActionRequest;
  readonly confirm?: Confirmation;
}

/** `keypad-act`: the component asks the app to send an action (after the confirmation, if any). */
export type ActEvent = CustomEvent<ActDetail>;

export const actEvent = (detail: ActDetail): ActEvent =>
  new CustomEvent('keypad-act', { detail, bubbles: true, composed: true });

/** A choice among a few actions (a reason, a case of the cut card), each with its confirmation. */
export interface Choice {
  readonly title: string;
  readonly options: readonly {
    readonly label: string;
    readonly action: DealerAction;
    readonly disabled?: boolean;
    readonly confirm?: Confirmation;
  }[];
}

/** `keypad-choose`: the component asks the app to offer a choice. */
export type ChooseEvent = CustomEvent<Choice>;

export const chooseEvent = (detail: Choice): ChooseEvent =>
  new CustomEvent('keypad-choose', { detail, bubbles: true, composed: true });

declare global {
  interface GlobalEventHandlersEventMap {
    'keypad-act': ActEvent;
    'keypad-choose': ChooseEvent;
  }
}
