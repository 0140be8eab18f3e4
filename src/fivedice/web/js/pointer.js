// How the person points: a finger on a touch screen, or a mouse or touchpad. The page's words
// follow it ("tap dice" on a phone, "click dice" at a desktop).

/** True when the main pointer is a finger (a phone or tablet): the page says "tap". */
export function touchFirst() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}
