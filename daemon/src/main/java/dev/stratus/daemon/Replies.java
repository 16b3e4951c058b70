package dev.stratus.daemon;

import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** How the endpoint answers: a status and a short text (or JSON) body, always complete. */
final class Replies {
  static final String TEXT = "text/plain; charset=utf-8";
  static final String JSON = "application/json";

  private Replies() {}

  static void text(Response response, Callback callback, int status, String text) {
    send(response, callback, status, TEXT, text + "\n");
  }

  static void send(Response response, Callback callback, int status, String type, String body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
    response
        .getHeaders()
        .put(HttpHeader.CONTENT_LENGTH, body.getBytes(StandardCharsets.UTF_8).length);
    Content.Sink.write(response, true, body, callback);
  }
}
