// The selection controls' web implementation, as a team would ship it: an ES module that
// defines <sc-switch>, a switch in a shadow root (a native button with role="switch", so Space
// and Enter toggle it and assistive technology hears its state), painted by the catalog's
// tokens, which reach the shadow root as inherited custom properties.
const styles = new URL("sc-switch.css", import.meta.url).href;

class SelectionSwitch extends HTMLElement {
  static observedAttributes = ["checked", "disabled"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open", delegatesFocus: true });
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = styles;
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.setAttribute("role", "switch");
    this.button.part = "control";
    const label = document.createElement("span");
    label.className = "label";
    label.append(document.createElement("slot"));
    const track = document.createElement("span");
    track.className = "track";
    track.setAttribute("aria-hidden", "true");
    const thumb = document.createElement("span");
    thumb.className = "thumb";
    track.append(thumb);
    this.button.append(label, track);
    root.append(link, this.button);
    this.button.addEventListener("click", () => {
      if (this.hasAttribute("disabled")) return;
      this.toggleAttribute("checked");
      this.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  connectedCallback() { this.update(); }
  attributeChangedCallback() { this.update(); }

  get checked() { return this.hasAttribute("checked"); }
  set checked(value) { this.toggleAttribute("checked", Boolean(value)); }

  update() {
    this.button.setAttribute("aria-checked", this.checked ? "true" : "false");
    this.button.disabled = this.hasAttribute("disabled");
  }
}

customElements.define("sc-switch", SelectionSwitch);
