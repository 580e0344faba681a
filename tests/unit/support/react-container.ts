/**
 * A container React DOM can mount a root in without a DOM library: the hooks under test render
 * nothing, so React only needs an element-shaped object that belongs to `doc` and takes listeners.
 */
export function detachedContainer(doc: object): Element {
  return {
    nodeType: 1,
    nodeName: "DIV",
    tagName: "DIV",
    namespaceURI: "http://www.w3.org/1999/xhtml",
    ownerDocument: doc,
    addEventListener: () => {},
    removeEventListener: () => {},
    textContent: "",
  } as unknown as Element;
}
