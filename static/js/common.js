// Small helpers shared by the page scripts.

/** Read a JSON config that the template wrote with json_script. */
export function pageConfig(id) {
  return JSON.parse(document.getElementById(id).textContent);
}

/** The CSRF token from the csrftoken cookie ('' when absent). */
export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/** Call the REST API; resolves to {ok, status, data}. */
export async function api(method, url, body) {
  const opts = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (method !== "GET") opts.headers["X-CSRFToken"] = csrfToken();
  const res = await fetch(url, opts);
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  return { ok: res.ok, status: res.status, data };
}

/** Create an element with text content (never HTML) and optional attributes. */
export function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}
