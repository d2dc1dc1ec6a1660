/** The board software's version, shown on the board, in its status and by `--version`. */
export const VERSION = '0.1.0';
