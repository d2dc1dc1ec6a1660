import { css } from 'lit';

/** `<keypad-app>`: the header, the screen, the hands; dialogs and notes over them. */
export const appStyles = css`
  :host {
    display: grid;
    grid-template-rows: auto 1fr auto;
    /* One column exactly the tablet's width: no content (a long hands' strip) may widen the page. */
    grid-template-columns: minmax(0, 1fr);
    height: 100vh;
    height: 100dvh;
    background: var(--k-bg);
  }
  header {
    display: flex;
    align-items: center;
    gap: 14px;
    padding: 8px 14px;
    background: var(--k-panel);
    border-bottom: 2px solid var(--k-line);
    flex-wrap: wrap;
  }
  header .title {
    font-weight: 800;
    font-size: 1.25em;
  }
  header .spacer {
    flex: 1;
  }
  .chip.ok {
    color: var(--k-ok);
  }
  .chip.off {
    color: var(--k-warn);
  }
  /* Open here, closed by the pit: amber and filled, as loud as the warning it stands beside. */
  .chip.pit {
    color: var(--k-accent-ink);
    background: var(--k-warn);
    border-color: var(--k-warn);
  }
  .chip.last {
    color: var(--k-accent-ink);
    background: var(--k-accent);
    border-color: var(--k-accent);
    font-size: 1em;
  }
  main {
    padding: 14px;
    display: flex;
    flex-direction: column;
    gap: 14px;
    overflow: auto;
  }
  main,
  footer {
    min-width: 0;
  }
  main[inert],
  footer[inert] {
    opacity: 0.45;
  }
  footer {
    padding: 8px 14px;
    border-top: 2px solid var(--k-line);
    background: var(--k-panel);
  }
  .status {
    font-size: 1.3em;
    font-weight: 800;
  }
  .refused {
    max-width: 900px;
    margin: 8vh auto 0;
    border: 4px solid var(--k-danger);
    border-radius: 18px;
    padding: 32px;
    display: grid;
    gap: 20px;
    background: var(--k-panel);
    font-size: 1.2em;
  }
  .refused h2 {
    color: var(--k-danger);
    font-size: 1.7em;
  }
  /* Why, for the pit and IT (English, as the keypad's log says it): the options to change, or the shoe to end. */
  .refused .why {
    font-size: 0.8em;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .toast {
    position: fixed;
    left: 50%;
    bottom: 110px;
    transform: translateX(-50%);
    background: var(--k-danger);
    color: #fff;
    font-weight: 800;
    padding: 14px 22px;
    border-radius: 12px;
    max-width: 90vw;
    z-index: 20;
    /* It may lie over buttons for 5 s: a tap there reaches the button beneath. */
    pointer-events: none;
  }
  /* The page's link status sits apart from an error's toast (bottom), which it would otherwise hide. */
  .toast.live,
  .toast.over-round {
    bottom: auto;
    top: 90px;
  }
  .choice {
    position: fixed;
    inset: 0;
    background: rgb(0 0 0 / 0.7);
    display: grid;
    place-items: center;
    z-index: 9;
  }
  .choice .box {
    background: var(--k-panel);
    border: 3px solid var(--k-accent);
    border-radius: 16px;
    padding: 24px;
    width: min(720px, 94vw);
    display: grid;
    gap: 12px;
  }
  .choice h2 {
    font-size: 1.4em;
  }
  .choice button {
    text-align: left;
  }

  /* Up to a 1024 px tablet: a pit-closed chip and the Supervisor button still on the header's one row. */
  @media (max-width: 1100px) {
    header {
      gap: 8px;
      padding: 6px 10px;
    }
    header .shoe {
      font-size: 0.8em;
    }
  }
  /* Upright (800 px and less): closer set, a smaller title, narrower buttons: more of the header fits its one row. */
  @media (max-width: 820px) {
    header {
      gap: 6px;
    }
    header .title {
      font-size: 1.1em;
    }
    header button {
      padding: 0 0.6em;
    }
    /* "Shoe 1 ·" over "8 decks": two short lines in the header's height. */
    header .shoe {
      max-width: 4.6em;
      line-height: 1.1;
      text-wrap: balance;
    }
  }
`;
