// Words broken across lines, measured in the browser: for the widget tests and, serialized into
// the page, for the end-to-end tests (so it uses nothing from outside its own body).

/** Words of the element's table cells and buttons that the layout broke across two lines. */
export function brokenWords(el: Element): string[] {
  const out: string[] = [];
  for (const box of el.shadowRoot?.querySelectorAll('td, th, button') ?? []) {
    if (box.closest('.visually-hidden, [hidden]') || box.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      if (text.parentElement?.closest('.visually-hidden')) continue;
      for (const word of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
        );
        if (lines.size > 1) out.push(`<${el.localName}> ${box.localName}: "${word[0]}"`);
      }
    }
  }
  return out;
}
