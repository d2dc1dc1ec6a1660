/**
 * The board's language in `<kiosk-app>`: the one its view names, once that language's messages are active and its
 * fonts loaded for the view's own words. Until then the board shows the language it had, or, for the first view,
 * keeps waiting: one layout, not two.
 *
 * ```ts
 * private readonly languages = new LanguageController(this); // in <kiosk-app>
 * this.languages.follow(view);                              // in willUpdate; then read language and ready
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { viewLanguage, type TableView } from '../../contract/kiosk';
import type { Language } from '../../contract/schemas/signage';
import { hanziLabels } from '../draw/bead-labels';
import { localeOf, useLanguage } from '../localization';

/**
 * The view's own words (table and casino names, signs, notices) and its bead labels in `lang`: the characters its
 * fonts must cover beyond the language's labels.
 */
const viewText = (view: TableView, lang: Language): string =>
  JSON.stringify([view.signage, view.casino, view.payTable, view.notices]) +
  (view.settings.beadLabel === 'hanzi' ? Object.values(hanziLabels(localeOf(lang))).join('') : '');

export class LanguageController implements ReactiveController {
  /** The language rendered: the source locale until a view names another and it is ready. */
  language: Language = 'en';
  /** The first view's language is ready: the board is drawn. */
  ready = false;
  private pending: Language | null = null;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Follows the view's language (call before each render); the host updates again once it is ready. */
  follow(view: TableView | null): void {
    if (!view) return;
    const wanted = viewLanguage(view);
    if ((wanted === this.language && this.ready) || wanted === this.pending) return;
    this.pending = wanted;
    void useLanguage(wanted, viewText(view, wanted)).then(() => {
      if (this.pending !== wanted) return; // another language was asked for meanwhile
      this.pending = null;
      this.language = wanted;
      this.ready = true;
      this.host.requestUpdate();
    });
  }
}
