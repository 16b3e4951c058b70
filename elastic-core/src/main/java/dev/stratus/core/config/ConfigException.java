package dev.stratus.core.config;

/**
 * stratus.yaml is wrong. The message is {@code <file>:<line>:<column>: <field path>: <problem>},
 * e.g. {@code stratus.yaml:14:9: pools[0].maxNodes: must be > 0, got 0}, so an editor can jump to
 * it; line and column are 1-based (0 when the problem has no position, e.g. an unreadable file).
 */
public final class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final int column;
  private final String fieldPath;
  private final String problem;

  public ConfigException(String file, int line, int column, String fieldPath, String problem) {
    super(format(file, line, column, fieldPath, problem));
    this.file = file;
    this.line = line;
    this.column = column;
    this.fieldPath = fieldPath;
    this.problem = problem;
  }

  private static String format(String file, int line, int column, String path, String problem) {
    String where = line > 0 ? file + ":" + line + ":" + column : file;
    return where + ": " + (path.isEmpty() ? "" : path + ": ") + problem;
  }

  public String file() {
    return file;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }

  /** Where in the document, e.g. {@code pools[0].maxNodes}; empty for the document itself. */
  public String fieldPath() {
    return fieldPath;
  }

  public String problem() {
    return problem;
  }
}
