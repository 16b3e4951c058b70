package dev.stratus.spot;

/**
 * A metadata document that does not have the documented shape. The watcher that meets one logs it
 * and reports no notice: acting on half a document (a reclaim without a time, an event without an
 * id to acknowledge) would be worse than waiting for the next poll.
 */
public final class NoticeFormatException extends RuntimeException {
  private final String document;
  private final String field;

  public NoticeFormatException(String document, String field, String problem) {
    super("bad " + document + ": field '" + field + "' " + problem);
    this.document = document;
    this.field = field;
  }

  /** Which document, e.g. {@code aws spot/instance-action}. */
  public String document() {
    return document;
  }

  /** Which field in it; {@code (document)} when the whole body is unreadable. */
  public String field() {
    return field;
  }
}
