import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from '../lib/router';
import {
  isLocale,
  languageQueryParam,
  localeInfo,
  locales,
  type Locale,
} from '../../shared/locales';
import { useLocale } from '../i18n/locale-context';
import { Icon } from './icons';

/** Switches the language; a shared address (`?lang=`) keeps saying the language the reader now reads. */
function useChooseLocale() {
  const { locale, setLocale } = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const choose = async (next: Locale) => {
    await setLocale(next);
    if (searchParams.has(languageQueryParam)) {
      const params = new URLSearchParams(searchParams);
      params.set(languageQueryParam, next);
      setSearchParams(params, { replace: true, preventScrollReset: true });
    }
  };
  return { locale, choose };
}

/**
 * The nav's language menu: a button (globe and the language's own name) that opens the list of
 * languages, each named in itself; Escape or a click elsewhere closes it, focus returns to the button.
 */
export function NavLanguageMenu() {
  const listId = useId();
  const { locale, choose } = useChooseLocale();
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        data-language-menu=""
        aria-expanded={isOpen}
        aria-controls={listId}
        className="inline-flex min-h-10 items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        onClick={() => setIsOpen((open) => !open)}
      >
        <Icon name="globe" className="size-5" />
        <FormattedMessage
          id="language.button"
          defaultMessage="<sr>Language: </sr>{language}"
          values={{
            sr: (chunks) => <span className="sr-only">{chunks}</span>,
            // between 1280 and 1536 px the signed-in nav has no room for the name: the globe stays
            language: (
              <span lang={localeInfo[locale].tag} className="xl:max-2xl:sr-only">
                {localeInfo[locale].nativeName}
              </span>
            ),
          }}
        />
      </button>
      {isOpen && (
        <ul
          id={listId}
          className="absolute end-0 top-full z-50 mt-1 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {locales.map((l) => (
            <li key={l}>
              <button
                type="button"
                lang={localeInfo[l].tag}
                dir={localeInfo[l].dir}
                aria-current={l === locale ? 'true' : undefined}
                className={`block min-h-10 w-full rounded px-3 py-2 text-start text-sm hover:bg-slate-100 ${l === locale ? 'font-semibold text-brand-800' : 'text-slate-800'}`}
                onClick={() => {
                  setIsOpen(false);
                  buttonRef.current?.focus();
                  void choose(l);
                }}
              >
                {localeInfo[l].nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The footer's language menu: a labelled native select, worked as any select by keyboards and
 * phones. It is a form sending `?lang=` to this page: without scripts its button shows the page in
 * the language chosen (the server remembers it); with them the choice applies at once.
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const id = useId();
  const { locale, choose } = useChooseLocale();
  const [searchParams] = useSearchParams();
  const kept = [...searchParams].filter(([name]) => name !== languageQueryParam);
  return (
    <form method="get" className={`flex flex-wrap items-center gap-2 ${className}`}>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="text-sm text-slate-300">
        <FormattedMessage id="language.label" defaultMessage="Language" />
      </label>
      <select
        id={id}
        name={languageQueryParam}
        value={locale}
        data-language-menu=""
        className="min-h-10 rounded-md border border-white/30 bg-brand-900 px-2 py-1 text-sm text-white focus-visible:outline-white"
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void choose(next);
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={localeInfo[l].tag}>
            {localeInfo[l].nativeName}
          </option>
        ))}
      </select>
      <noscript>
        <button
          type="submit"
          className="min-h-10 rounded-md border border-white/30 px-3 text-sm text-white"
        >
          <FormattedMessage id="language.apply" defaultMessage="Show in this language" />
        </button>
      </noscript>
    </form>
  );
}
