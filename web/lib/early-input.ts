/** What the page's first script (server/lib/page-template.ts, earlyInputScript) kept before hydration. */
interface EarlyInput {
  taps: (HTMLElement | HTMLFormElement)[];
  fields: [HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string][];
}

const valueSetters = {
  INPUT: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set,
  TEXTAREA: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set,
  SELECT: Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set,
};

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * A screen inside a suspense boundary is hydrated after the page is marked: wait (at most about
 * ten seconds) until React holds this element, which it marks with its fiber.
 */
async function hydrated(element: Element) {
  for (let frame = 0; frame < 600; frame++) {
    if (!element.isConnected) return false;
    if (Object.keys(element).some((key) => key.startsWith('__reactFiber$'))) return true;
    await nextFrame();
  }
  return false;
}

/**
 * Issue 26 §1: once React has taken the server's page over, the text typed before is given to it
 * as if typed now (the field keeps it and the form's state learns it: emptied through React's
 * setter, the text back through the browser's own, then the input or change event React listens
 * to), then each kept tap is made again, in order, on the element that was tapped (hydration
 * keeps the server's elements).
 */
export async function replayEarlyInput() {
  const holder = window as { __earlyInput?: () => EarlyInput };
  const take = holder.__earlyInput;
  if (!take) return;
  delete holder.__earlyInput;
  const { taps, fields } = take();
  for (const [field, value] of fields) {
    if (!(await hydrated(field))) continue;
    field.value = '';
    valueSetters[field.tagName as keyof typeof valueSetters]?.call(field, value);
    field.dispatchEvent(
      new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }),
    );
  }
  for (const target of taps) {
    if (!(await hydrated(target))) continue;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else target.click();
  }
}
