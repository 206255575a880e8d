// <ui-button>: a custom element whose shadow root holds a native <button>; its stylesheet is a
// file beside it (no inline style), loaded by URL from this module.
import { stylesheet } from "./ui-shared.js";

class UIButton extends HTMLElement {
  static observedAttributes = ["disabled"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open", delegatesFocus: true });
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.part = "button";
    this.button.append(document.createElement("slot"));
    root.append(stylesheet("ui-button.css"), this.button);
  }

  connectedCallback() { this.update(); }
  attributeChangedCallback() { this.update(); }
  update() { this.button.disabled = this.hasAttribute("disabled"); }
}

customElements.define("ui-button", UIButton);
