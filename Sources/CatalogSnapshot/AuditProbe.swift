import Foundation

/// The script `audit` installs in each page it audits (after axe-core): what it measures of one
/// example's stage, each function returning JSON text. The keys are pressed from outside, over
/// the DevTools protocol, so the page receives them as a person's keys (trusted events).
enum AuditProbe {
    /// The WCAG tags axe runs (A and AA of 2.0, 2.1 and 2.2).
    static let axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

    /// Defines `window.__catalogAudit`.
    static func script(keyboard: [[String: String]]) -> String {
        let contract = String(decoding: (try? JSONSerialization.data(withJSONObject: keyboard, options: [.sortedKeys])) ?? Data("[]".utf8), as: UTF8.self)
        let tags = String(decoding: (try? JSONSerialization.data(withJSONObject: axeTags)) ?? Data(), as: UTF8.self)
        return """
        (() => {
          const contract = \(contract);
          const focusable = 'input:not([type="hidden"]), button, select, textarea, a[href], summary, [tabindex]:not([tabindex="-1"]), [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role="tab"], [role="slider"], [contenteditable="true"]';
          // The example's stage, as `snapshot` finds it.
          const find = (id) => {
            const element = document.getElementById(id) || document.querySelector('[id^="' + CSS.escape(id) + '-"]');
            if (element) return element.closest(".demo-stage, .state-sample__stage") || element;
            const match = /-(ex|st)(\\d+)$/.exec(id);
            if (!match) return document.getElementById("example") || document.body;
            const stages = document.querySelectorAll(match[1] === "ex" ? "#demo .demo-stage" : ".state-gallery .state-sample__stage");
            return stages[Number(match[2]) - 1] || null;
          };
          const visible = (element) => {
            const box = element.getBoundingClientRect();
            const style = getComputedStyle(element);
            return style.visibility !== "hidden" && style.display !== "none" && (box.width > 0 || box.height > 0 || element.labels?.length);
          };
          const operable = (element) => !element.disabled && element.getAttribute("aria-disabled") !== "true" && !element.closest("[inert]") && visible(element);
          const targets = (stage) => Array.from(stage.querySelectorAll(focusable)).filter(operable);
          const criterion = (tag) => {
            const match = /^wcag(\\d)(\\d)(\\d+)$/.exec(tag);
            return match ? match[1] + "." + match[2] + "." + match[3] : null;
          };
          const name = (element) => {
            const label = element.getAttribute("aria-label") || (element.labels && element.labels[0] && element.labels[0].textContent) || element.textContent || element.getAttribute("value") || "";
            const text = label.trim().replace(/\\s+/g, " ").slice(0, 40);
            return "<" + element.localName + (element.getAttribute("role") ? ' role="' + element.getAttribute("role") + '"' : "") + ">" + (text ? " “" + text + "”" : "");
          };
          const look = (stage) => Array.from(stage.querySelectorAll("*")).concat([stage]).map((element) => {
            const style = getComputedStyle(element);
            return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderColor, style.backgroundColor, style.color, style.textDecorationLine].join("|");
          }).join(";");
          const value = (element, what) => {
            if (!element) return null;
            if (what === "focus") return document.activeElement;
            if (what === "open") return element.open === undefined ? element.hasAttribute("open") : element.open;
            if (what.startsWith("aria-")) return element.getAttribute(what);
            return element[what];
          };
          let focused = null, before = null, observed = null;
          window.__catalogAudit = {
            // axe on the stage: each rule's criteria, passed or violated, with the nodes violating.
            axe: async (id) => {
              const stage = find(id);
              if (!stage) return JSON.stringify({ missing: true });
              const results = await axe.run(stage, { runOnly: { type: "tag", values: \(tags) }, resultTypes: ["violations"] });
              const rule = (item) => ({ id: item.id, criteria: item.tags.map(criterion).filter(Boolean), help: item.help, nodes: item.nodes.slice(0, 3).map((node) => (node.failureSummary || "").split("\\n").slice(1).join(" ").trim() + " (" + node.target.join(" ") + ")") });
              return JSON.stringify({ violations: results.violations.map(rule), passes: results.passes.map((item) => ({ id: item.id, criteria: item.tags.map(criterion).filter(Boolean) })) });
            },
            // 2.5.8: every operable target at least 24 by 24 CSS px (with its label, which a
            // pointer activates it through), or spaced: a 24 px circle on its centre meets no
            // other target, nor another undersized target's circle (the criterion's exception).
            targets: (id) => {
              const stage = find(id);
              if (!stage) return JSON.stringify([]);
              const all = targets(stage).map((element) => {
                let best = null;
                for (const part of [element].concat(Array.from(element.labels || []))) {
                  const box = part.getBoundingClientRect();
                  if (!best || box.width * box.height > best.width * best.height) best = box;
                }
                return { element: element, box: best };
              });
              const small = (target) => target.box.width < 23.95 || target.box.height < 23.95;
              const centre = (box) => [box.left + box.width / 2, box.top + box.height / 2];
              const distance = (point, box) => Math.hypot(Math.max(box.left - point[0], 0, point[0] - box.right), Math.max(box.top - point[1], 0, point[1] - box.bottom));
              return JSON.stringify(all.map((target) => {
                let spaced = true;
                if (small(target)) {
                  const mine = centre(target.box);
                  for (const other of all) {
                    if (other === target) continue;
                    if (distance(mine, other.box) < 12) spaced = false;
                    if (small(other)) {
                      const theirs = centre(other.box);
                      if (Math.hypot(mine[0] - theirs[0], mine[1] - theirs[1]) < 24) spaced = false;
                    }
                  }
                }
                return { name: name(target.element), width: Math.round(target.box.width * 10) / 10, height: Math.round(target.box.height * 10) / 10, spaced: spaced };
              }));
            },
            // 1.4.10: at 320 px nothing in the stage needs scrolling sideways.
            reflow: (id) => {
              const stage = find(id);
              if (!stage) return JSON.stringify(null);
              const box = stage.getBoundingClientRect();
              return JSON.stringify({ scrollWidth: stage.scrollWidth, clientWidth: stage.clientWidth, right: Math.round(box.right), window: window.innerWidth });
            },
            // 2.4.7 and 2.1.1: focus the stage's first operable control (the keys pressed since
            // make it a keyboard focus) and compare how the stage looks with how it looked.
            focus: (id) => {
              const stage = find(id);
              if (!stage) return JSON.stringify(null);
              if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
              const control = targets(stage)[0];
              if (!control) return JSON.stringify(null);
              const unfocused = look(stage);
              control.focus();
              focused = document.activeElement === control ? control : null;
              return JSON.stringify({ name: name(control), focused: focused !== null, changed: focused !== null && look(stage) !== unfocused });
            },
            // Before a key of the contract: what it must change.
            before: (index) => {
              const key = contract[index];
              const stage = focused && (focused.closest(".demo-stage, .state-sample__stage") || document.body);
              observed = key.of ? (stage && stage.querySelector(key.of)) : document.activeElement;
              before = value(observed, key.changes);
              return JSON.stringify({ ready: observed !== null && observed !== undefined, active: document.activeElement ? name(document.activeElement) : null });
            },
            // After it: whether it changed (a value at its end in the key's direction counts).
            after: (index) => {
              const key = contract[index];
              const now = value(observed, key.changes);
              let changed = now !== before;
              if (!changed && key.changes === "value" && observed && observed.min !== undefined && observed.type === "range") {
                const towardsEnd = ["ArrowRight", "ArrowUp", "End", "PageUp"].includes(key.key);
                changed = Number(now) === Number(towardsEnd ? observed.max : observed.min);
              }
              const show = (item) => item instanceof Element ? name(item) : item === null || item === undefined ? "nothing" : String(item);
              return JSON.stringify({ changed: changed, before: show(before), after: show(now) });
            },
          };
          return "ready";
        })()
        """
    }
}
