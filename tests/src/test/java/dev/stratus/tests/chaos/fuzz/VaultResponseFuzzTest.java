package dev.stratus.tests.chaos.fuzz;

import com.sun.net.httpserver.HttpServer;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.bootstrap.secret.VaultMungeKeySource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Seeded fuzzing of what Vault answers the node agent: a loopback server plays Vault for the
 * agent's real key source (unwrap, AppRole login, KV v2 read, revoke-self through the real driver)
 * and answers one of the four steps with a mutated body under a drawn status. The agent gets its
 * munge key or a {@link KeySourceException} naming the Vault step; never another exception.
 */
class VaultResponseFuzzTest {
  static final String KEY = Base64.getEncoder().encodeToString(new byte[1024]);

  /** Vault's replies to each step, in the order the agent takes them (API reference shapes). */
  static final Map<String, String> REPLIES =
      Map.of(
          "/v1/sys/wrapping/unwrap",
          "{\"request_id\":\"r1\",\"lease_id\":\"\",\"renewable\":false,\"lease_duration\":0,"
              + "\"data\":{\"secret_id\":\"841771dc\",\"secret_id_accessor\":\"84896a0c\","
              + "\"secret_id_ttl\":600,\"secret_id_num_uses\":1},\"wrap_info\":null,"
              + "\"warnings\":null,\"auth\":null}",
          "/v1/auth/approle/login",
          "{\"request_id\":\"r2\",\"lease_id\":\"\",\"renewable\":false,\"lease_duration\":0,"
              + "\"data\":null,\"wrap_info\":null,\"warnings\":null,\"auth\":{\"client_token\":"
              + "\"hvs.CAESIA\",\"accessor\":\"0e9e354a\",\"policies\":[\"default\",\"slurm\"],"
              + "\"token_policies\":[\"default\",\"slurm\"],\"metadata\":{\"role_name\":\"node\"},"
              + "\"lease_duration\":1200,\"renewable\":true,\"entity_id\":\"e1\","
              + "\"token_type\":\"service\",\"orphan\":true}}",
          "/v1/secret/data/slurm/munge",
          "{\"request_id\":\"r3\",\"lease_id\":\"\",\"renewable\":false,\"lease_duration\":0,"
              + "\"data\":{\"data\":{\"key\":\""
              + KEY
              + "\"},\"metadata\":{\"created_time\":\"2026-11-21T12:00:00.1Z\","
              + "\"deletion_time\":\"\",\"destroyed\":false,\"version\":1}},"
              + "\"wrap_info\":null,\"warnings\":null,\"auth\":null}",
          "/v1/auth/token/revoke-self",
          "");

  static final List<String> STEPS = List.copyOf(new TreeSet<>(REPLIES.keySet()));

  static final FuzzTarget VAULT =
      new FuzzTarget("Vault responses", KeySourceException.class, "vault ", s -> {});

  /** The one step a try corrupts, with the status and body its answer gets. */
  record Corruption(String path, int status, String body) {}

  static volatile Corruption corruption;
  static final HttpServer SERVER = server();

  static HttpServer server() {
    try {
      HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
      s.createContext(
          "/",
          ex -> {
            ex.getRequestBody().readAllBytes();
            String path = ex.getRequestURI().getPath();
            Corruption c = corruption;
            boolean hit = c != null && c.path().equals(path);
            String body = hit ? c.body() : REPLIES.getOrDefault(path, "{\"errors\":[]}");
            int status =
                hit ? c.status() : !REPLIES.containsKey(path) ? 404 : body.isEmpty() ? 204 : 200;
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, status == 204 || bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0 && status != 204) {
              ex.getResponseBody().write(bytes);
            }
            ex.close();
          });
      s.start();
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static VaultMungeKeySource source() {
    return new VaultMungeKeySource(
        new KeySourceSpec.VaultSource(
            URI.create("http://127.0.0.1:" + SERVER.getAddress().getPort()),
            "secret",
            "slurm/munge",
            "key",
            new VaultLogin.AppRole("approle", "role-id-1", "hvs.wrapping-token", null),
            Optional.empty(),
            Duration.ofSeconds(5)),
        CloudIdentity.none());
  }

  @Provide
  Arbitrary<Corruption> corruptions() {
    Arbitrary<String> path = Arbitraries.of(STEPS);
    Arbitrary<Integer> status =
        Arbitraries.of(200, 200, 200, 204, 400, 403, 404, 412, 429, 500, 503);
    return Combinators.combine(path, status, Arbitraries.longs())
        .as(
            (p, st, r) ->
                new Corruption(
                    p,
                    st,
                    Mutations.mutate(
                        REPLIES.get(p).isEmpty()
                            ? "{\"errors\":[\"permission denied\"]}"
                            : REPLIES.get(p),
                        new Random(r),
                        DocumentFuzzTest.JSON_TOKENS)));
  }

  @Property(tries = 600, seed = DocumentFuzzTest.SEED)
  void vaultResponses(@ForAll("corruptions") Corruption c) {
    corruption = c;
    VAULT.attempt(c.path() + " " + c.status() + " " + c.body(), s -> source().fetch());
  }

  @AfterContainer
  static void recordFigures() {
    SERVER.stop(0);
    VAULT.record();
  }
}
