package dev.stratus.testkit.metadata;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Plain requests to a model, as a client on the VM would send them. */
final class Http {
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private Http() {}

  /** {@code headers}: name, value, name, value, ... */
  static HttpResponse<String> send(String method, URI uri, String body, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> get(URI uri, String... headers)
      throws IOException, InterruptedException {
    return send("GET", uri, null, headers);
  }
}
