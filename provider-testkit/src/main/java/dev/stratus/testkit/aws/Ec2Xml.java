package dev.stratus.testkit.aws;

import java.util.Map;
import java.util.UUID;

/**
 * Writes EC2 answers: XML in the 2016-11-15 namespace, errors in EC2's {@code <Response>} shape.
 */
final class Ec2Xml {
  static final String NS = "http://ec2.amazonaws.com/doc/2016-11-15/";

  private Ec2Xml() {}

  /** An HTTP answer of the model. */
  record Reply(int status, String body) {}

  static Reply ok(String action, String inner) {
    return new Reply(
        200,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<"
            + action
            + "Response xmlns=\""
            + NS
            + "\"><requestId>"
            + UUID.randomUUID()
            + "</requestId>"
            + inner
            + "</"
            + action
            + "Response>");
  }

  static Reply error(int status, String code, String message) {
    return new Reply(
        status,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Response><Errors><Error><Code>"
            + esc(code)
            + "</Code><Message>"
            + esc(message)
            + "</Message></Error></Errors><RequestID>"
            + UUID.randomUUID()
            + "</RequestID></Response>");
  }

  /** An EC2 error, raised inside the model and turned into an error reply by the extension. */
  static final class Ec2Error extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;
    final String code;

    Ec2Error(int status, String code, String message) {
      super(message);
      this.status = status;
      this.code = code;
    }

    static Ec2Error invalid(String code, String message) {
      return new Ec2Error(400, code, message);
    }

    /** A required parameter the request left out. */
    static Ec2Error missing(String name) {
      return invalid("MissingParameter", "The request must contain the parameter " + name);
    }

    Reply reply() {
      return error(status, code, getMessage());
    }
  }

  static String el(String name, Object value) {
    return value == null ? "" : "<" + name + ">" + esc(String.valueOf(value)) + "</" + name + ">";
  }

  static String tagSet(Map<String, String> tags) {
    StringBuilder s = new StringBuilder("<tagSet>");
    tags.forEach(
        (k, v) -> s.append("<item>").append(el("key", k)).append(el("value", v)).append("</item>"));
    return s.append("</tagSet>").toString();
  }

  static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
