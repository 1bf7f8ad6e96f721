// The lobby's games beside Codex (issues 17, 18): the table options of a game
// (Arcane Codex, C-23) in the new-table form, read back as the `options` of the
// table to create, and a table's options on one line for whoever reads it.
// The values, labels and defaults come from /api/modes (lobby/modes.py).
import { el } from "./common.js";

/**
 * One table option of a game (lobby/modes.py): a choice among `choices`
 * (`[value, label]`), or a number between `minimum` and `maximum` when there
 * are none.
 * @typedef {object} ModeOption
 * @property {string} key
 * @property {string} label
 * @property {[value: unknown, label: string][]} choices
 * @property {unknown} default
 * @property {number} [minimum]
 * @property {number} [maximum]
 */

/**
 * A mode as /api/modes/ gives it (the fields read here).
 * @typedef {{key: string, game?: string, options?: ModeOption[], [field: string]: any}} Mode
 */

/**
 * The form fields of `mode`'s table options, each at its default (none for Codex).
 * @param {Mode | null | undefined} mode
 * @returns {HTMLElement[]}
 */
export function optionFields(mode) {
  const fields = [];
  for (const option of (mode && mode.options) || []) {
    const name = `option-${option.key}`;
    let input;
    if (option.choices.length) {
      input = el("select", null, { name, "data-option": option.key });
      for (const [value, label] of option.choices) {
        input.append(el("option", value === option.default ? `${label} (default)` : label, { value: String(value) }));
      }
      input.value = String(option.default);
    } else {
      input = el("input", null, {
        name, type: "number", min: option.minimum, max: option.maximum, "data-option": option.key,
        value: option.default === null ? "" : String(option.default), placeholder: "none",
      });
    }
    fields.push(el("label", null, { class: "game-option" }, `${option.label} `, input));
  }
  if (mode && mode.key === "arcane") {
    fields.push(el("a", "How to play Arcane Codex ↗", { href: "/how-to-play/arcane/", target: "_blank", rel: "noopener" }));
  }
  if (mode && mode.key === "c23") {
    fields.push(el("a", "How to play C-23 ↗", { href: "/c23/how-to-play/", target: "_blank", rel: "noopener" }));
  }
  return fields;
}

/**
 * The options chosen in `box` as the API takes them: a choice as its own
 * value (C-23's true/false and 1/2 stay a boolean and a number), a number
 * field left empty as null (none).
 * @param {ParentNode} box
 * @param {Mode | null | undefined} mode
 * @returns {Record<string, unknown>}
 */
export function readOptions(box, mode) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const option of (mode && mode.options) || []) {
    const input = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (box.querySelector(`[data-option="${option.key}"]`));
    if (!input) continue;
    if (option.choices.length) {
      const choice = option.choices.find(([value]) => String(value) === input.value);
      out[option.key] = choice ? choice[0] : input.value;
    }
    else out[option.key] = input.value === "" ? null : Number(input.value);
  }
  return out;
}

/**
 * Table options (`{key: value}`, those left out at their defaults) with
 * `mode`'s labels on one line ("Blockers per attacker: several · …"); null
 * for a game without options. The lobby's table cards and the match page use it.
 * @param {Record<string, unknown> | null | undefined} options
 * @param {Mode | null | undefined} mode
 * @returns {string | null}
 */
export function optionText(options, mode) {
  if (!mode || !mode.options || !mode.options.length) return null;
  const parts = mode.options.map((option) => {
    const value = options && option.key in options ? options[option.key] : option.default;
    const choice = option.choices.find(([v]) => v === value);
    const shown = choice ? choice[1] : value === null ? "none" : String(value);
    return `${option.label.replace(/ \(.*\)$/, "")}: ${shown}`;
  });
  return parts.join(" · ");
}

/**
 * A table's options on one line (optionText), null for a game without options.
 * @param {{options?: Record<string, unknown> | null}} table
 * @param {Mode | null | undefined} mode
 * @returns {HTMLElement | null}
 */
export function optionSummary(table, mode) {
  const text = optionText(table.options, mode);
  return text === null ? null : el("p", text, { class: "hint table-options" });
}
