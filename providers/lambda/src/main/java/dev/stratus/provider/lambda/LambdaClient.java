package dev.stratus.provider.lambda;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A small typed client of the Lambda Cloud API on the JDK's HttpClient (Lambda publishes no Java
 * SDK): the API key as a Bearer token, JSON through Jackson, one attempt per call (retries belong
 * to {@code ProviderCalls}). Every non-200 answer becomes a {@link LambdaApiException} with
 * Lambda's error code and message (and suggestion); a failed connection one with status 0.
 */
final class LambdaClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final URI base;
  private final ApiKey key;
  private final Duration timeout;
  private final HttpClient http;

  LambdaClient(URI base, ApiKey key, Duration timeout) {
    String b = base.toString();
    this.base = URI.create(b.endsWith("/") ? b : b + "/");
    this.key = key;
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  List<LambdaJson.Instance> instances() {
    return send("GET", "instances", null, new TypeReference<>() {});
  }

  /** Empty when Lambda does not know the id. */
  Optional<LambdaJson.Instance> instance(String id) {
    try {
      return Optional.of(send("GET", "instances/" + id, null, new TypeReference<>() {}));
    } catch (LambdaApiException e) {
      if (e.status() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  List<String> launch(LambdaJson.LaunchBody body) {
    LambdaJson.Launched l =
        send("POST", "instance-operations/launch", body, new TypeReference<>() {});
    return l.instanceIds() == null ? List.of() : l.instanceIds();
  }

  List<LambdaJson.Instance> terminate(List<String> ids) {
    LambdaJson.Terminated t =
        send(
            "POST",
            "instance-operations/terminate",
            new LambdaJson.TerminateBody(ids),
            new TypeReference<>() {});
    return t.terminatedInstances() == null ? List.of() : t.terminatedInstances();
  }

  LambdaJson.Types instanceTypes() {
    Map<String, LambdaJson.Availability> m =
        send("GET", "instance-types", null, new TypeReference<>() {});
    return new LambdaJson.Types(m == null ? Map.of() : Map.copyOf(m));
  }

  List<LambdaJson.SshKey> sshKeys() {
    return send("GET", "ssh-keys", null, new TypeReference<>() {});
  }

  private <T> T send(
      String method, String path, Object body, TypeReference<LambdaJson.Envelope<T>> type) {
    HttpResponse<String> r;
    try {
      HttpRequest.Builder b =
          HttpRequest.newBuilder(base.resolve(path))
              .timeout(timeout)
              .header("Authorization", "Bearer " + key.value())
              .header("Accept", "application/json");
      if (body == null) {
        b.method(method, HttpRequest.BodyPublishers.noBody());
      } else {
        b.header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
      }
      r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new LambdaApiException(
          0, "ConnectionError", method + " " + path + ": " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LambdaApiException(0, "Interrupted", method + " " + path + " interrupted");
    }
    if (r.statusCode() != 200) {
      throw error(r);
    }
    try {
      return JSON.readValue(r.body(), type).data();
    } catch (IOException e) {
      throw new LambdaApiException(
          r.statusCode(),
          "UnreadableAnswer",
          method + " " + path + ": the answer is not the documented JSON");
    }
  }

  private static LambdaApiException error(HttpResponse<String> r) {
    LambdaJson.Error e = null;
    try {
      LambdaJson.ErrorBody b = JSON.readValue(r.body(), LambdaJson.ErrorBody.class);
      e = b == null ? null : b.error();
    } catch (IOException notJson) {
      // a proxy's HTML page: the status says enough
    }
    if (e == null || e.code() == null) {
      return new LambdaApiException(
          r.statusCode(), "HTTP" + r.statusCode(), "HTTP " + r.statusCode());
    }
    String message = String.valueOf(e.message());
    return new LambdaApiException(
        r.statusCode(),
        e.code(),
        e.suggestion() == null || e.suggestion().isBlank()
            ? message
            : message + " (" + e.suggestion() + ")");
  }
}
