// Helpers the team's modules share.
export function stylesheet(name) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("assets/" + name, import.meta.url).href;
  return link;
}
