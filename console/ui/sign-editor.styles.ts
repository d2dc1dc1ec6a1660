import { css } from 'lit';

export const editorStyles = css`
  dialog {
    border: 0;
    border-radius: 10px;
    padding: 0;
    width: min(760px, calc(100vw - 32px));
    max-height: calc(100vh - 32px);
    box-shadow: 0 20px 60px rgb(0 0 0 / 0.3);
    color: var(--c-ink);
  }
  dialog::backdrop {
    background: rgb(20 30 25 / 0.45);
  }
  form {
    display: flex;
    flex-direction: column;
    max-height: calc(100vh - 32px);
  }
  header,
  footer {
    display: flex;
    align-items: baseline;
    gap: 0.8em;
    padding: 14px 20px;
  }
  header {
    border-bottom: 1px solid var(--c-line);
  }
  footer {
    justify-content: flex-end;
    border-top: 1px solid var(--c-line);
  }
  h2 {
    font-size: 1.25em;
  }
  .error {
    margin: 12px 20px 0;
  }
  /* Under the refusal, as wide as its words: in the column flex of the form it stretched from edge to edge. */
  [data-action='review-again'] {
    align-self: flex-start;
    margin: 8px 20px 0;
  }
  .body {
    padding: 14px 20px;
    overflow-y: auto;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    gap: 10px 14px;
    margin-bottom: 12px;
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 3px;
  }
  .field > span {
    font-weight: 600;
    font-size: 0.9em;
  }
  .field small {
    font-size: 0.8em;
  }
  .field.wide {
    margin-bottom: 12px;
  }
  textarea {
    resize: vertical;
  }
  fieldset {
    border: 1px solid var(--c-line);
    border-radius: 8px;
    margin: 0 0 12px;
    padding: 8px 14px 4px;
  }
  legend {
    font-weight: 700;
    padding: 0 0.3em;
  }
  .check {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    margin: 0 1.2em 8px 0;
  }
  /* A side bet with limits of its own: its box over its limits field. */
  .limited-bet {
    display: flex;
    flex-direction: column;
  }
  .limited-bet .check {
    margin-bottom: 4px;
  }
  .check input {
    width: 1.05em;
    height: 1.05em;
    accent-color: var(--c-accent);
  }
  .diff {
    border: 1px solid var(--c-line);
    border-radius: 8px;
    padding: 10px 14px;
    margin-bottom: 10px;
    background: #fafbf9;
  }
  .diff h3 {
    font-size: 1.05em;
  }
  .diff ul {
    overflow-wrap: anywhere;
    margin: 0.4em 0 0;
    padding-left: 1.2em;
    font-size: 1.05em;
    line-height: 1.6;
  }
  .diff .why,
  .pays-now {
    margin: 0.4em 0 0;
    border-left: 3px solid var(--c-warn);
    background: var(--c-warn-bg);
    padding: 0.3em 0.6em;
    border-radius: 4px;
  }
`;
