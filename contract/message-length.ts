/**
 * The longest free-text pit message a table sign carries, in UTF-16 code units: the schema's bound, and the sign
 * editors' (the console's field counts toward it). Apart from the schemas so that a page can import it without them.
 * @packageDocumentation
 */
export const MAX_MESSAGE_LENGTH = 280;
