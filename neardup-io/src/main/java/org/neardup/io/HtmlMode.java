package org.neardup.io;

/** Whether and how texts are taken as HTML, their text extracted by {@link HtmlText}. */
public enum HtmlMode {
  /** Files named {@code *.html} or {@code *.htm} in a directory input are HTML; nothing else is. */
  AUTO,
  /** No text is HTML: markup is compared as it is. */
  OFF,
  /** Texts (or the {@link InputOptions#htmlFields()}) are HTML: their visible text is compared. */
  VISIBLE,
  /**
   * As {@link #VISIBLE}, without navigation, headers, footers, sidebars and forms: the main
   * content.
   */
  MAIN
}
