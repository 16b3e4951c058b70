package dev.stratus.hook.hostlist;

/**
 * A hostlist expression Stratus cannot expand. The message names the whole expression, the 0-based
 * position of the fault and what is wrong there.
 */
public final class HostlistException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String expression;
  private final int position;

  HostlistException(String expression, int position, String problem) {
    super("invalid hostlist '" + expression + "' at position " + position + ": " + problem);
    this.expression = expression;
    this.position = position;
  }

  public String expression() {
    return expression;
  }

  /** 0-based index into {@link #expression()} where the fault was found. */
  public int position() {
    return position;
  }
}
