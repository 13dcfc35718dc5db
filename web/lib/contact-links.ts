/** wa.me wants the number as digits only, without + or spaces. */
export function whatsappLink(e164: string, text?: string): string {
  const url = `https://wa.me/${e164.replace(/\D/g, '')}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
}

/** +447700900456 -> +44 7700 900456 for display. */
export function formatUkPhone(e164: string): string {
  const match = /^\+44(\d{4})(\d{6})$/.exec(e164);
  return match ? `+44 ${match[1]} ${match[2]}` : e164;
}
