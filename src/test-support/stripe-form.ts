/** Stripe's request bodies: bracketed form encoding, decoded into nested objects. */
export type FormValue = string | FormObject | FormValue[];
export type FormObject = { [key: string]: FormValue };

/** Decodes Stripe's bracketed form encoding (line_items[0][price_data][currency]=usd) into objects. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: FormObject = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as FormObject;
    });
  }
  return root;
}
