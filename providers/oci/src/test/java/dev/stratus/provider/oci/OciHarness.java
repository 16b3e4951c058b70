package dev.stratus.provider.oci;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.testkit.ShiftedClock;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.Reserving;
import dev.stratus.testkit.contract.Throttling;
import dev.stratus.testkit.oci.OciModel;
import dev.stratus.testkit.oci.OciModelServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The OCI provider on the real OCI Java SDK (Jersey 3 client, the SDK's request signer with an API
 * key made for the test) against {@link OciModelServer}: region us-ashburn-1, one on-demand
 * BM.GPU.H100.8 offering in AD-1, ListInstances pages of 2 and a list that shows a new instance
 * only 30 s after its launch, so every contract test also runs through the provider's handling of
 * OCI's eventually consistent list.
 */
public final class OciHarness implements ContractHarness, Throttling, Reserving {
  public static final String REGION = "us-ashburn-1";
  public static final String AD = OciModel.ADS.get(0);
  public static final String USER = "ocid1.user.oc1..aaaastratuscontroller";
  public static final String FINGERPRINT = "20:3b:97:13:55:1c:5b:0d:d3:37:d8:50:4e:c5:3a:34";
  private final OciModelServer server;
  private final Map<String, Object> settings;
  private final Path dir;
  private final Clock clock;
  private final NodeProvider provider;
  private final Offering offering;
  private int next;
  private final Map<String, Instant> ends = new HashMap<>();

  /** On a clock that {@link #endWindow} moves on, for model and provider alike. */
  public OciHarness(Path dir) {
    this(dir, Map.of(), new ShiftedClock());
  }

  /** {@code extra} settings override the defaults; the model runs on {@code clock}. */
  public OciHarness(Path dir, Map<String, Object> extra, Clock clock) {
    server = new OciModelServer(clock);
    server.model().listLag(Duration.ofSeconds(30));
    settings = new HashMap<>(defaults(server, dir));
    settings.putAll(extra);
    this.dir = dir;
    this.clock = clock;
    provider = another(Map.of());
    offering = provider.offerings().get(0);
  }

  /**
   * Another provider on the same model, as a restarted controller makes it; the caller closes it.
   */
  public NodeProvider another(Map<String, Object> extra) {
    Map<String, Object> s = new HashMap<>(settings);
    s.putAll(extra);
    return new OciNodeProviderFactory().create(context(dir, s, clock), ResilienceSettings.fast());
  }

  /** The provider block for {@code server}, with a fresh API key it trusts. */
  public static Map<String, Object> defaults(OciModelServer server, Path dir) {
    Path pem = dir.resolve("oci_api_key.pem");
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      KeyPair kp = g.generateKeyPair();
      Files.writeString(
          pem,
          "-----BEGIN PRIVATE KEY-----\n"
              + Base64.getMimeEncoder(64, "\n".getBytes())
                  .encodeToString(kp.getPrivate().getEncoded())
              + "\n-----END PRIVATE KEY-----\n");
      server.trust(OciModel.TENANCY + "/" + USER + "/" + FINGERPRINT, kp.getPublic());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(
        "region",
        REGION,
        "compartmentId",
        OciModel.COMPARTMENT,
        "hostCompartmentId",
        OciModel.TENANCY,
        "subnetId",
        OciModel.SUBNET,
        "imageId",
        OciModel.IMAGE,
        "endpoint",
        server.endpoint().toString(),
        "pageSize",
        2,
        "auth",
        Map.of(
            "type",
            "api_key",
            "tenancyId",
            OciModel.TENANCY,
            "userId",
            USER,
            "fingerprint",
            FINGERPRINT,
            "privateKeyFile",
            pem.toString()),
        "offerings",
        List.of(Map.of("shape", "BM.GPU.H100.8", "availabilityDomain", AD)));
  }

  static ProviderContext context(Path dir, Map<String, Object> settings, Clock clock) {
    return new ProviderContext(
        "oci-contract",
        settings,
        dir,
        new BootstrapSettings(
            dir.resolve("slurm.conf"), dir, dir.resolve("munge.key"), dir.resolve("munge.socket")),
        clock);
  }

  public OciModelServer server() {
    return server;
  }

  public OciModel model() {
    return server.model();
  }

  @Override
  public NodeProvider provider() {
    return provider;
  }

  @Override
  public Offering offering() {
    return offering;
  }

  @Override
  public String cluster() {
    return "oci-contract";
  }

  @Override
  public List<String> nodeNames(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add(String.format("gpu-%03d", ++next));
    }
    return names;
  }

  @Override
  public void exhaust(OfferingKey key) {
    model().exhaust(new OciModel.Pool(key.instanceType(), key.zone()));
  }

  @Override
  public void failLaunchOf(String nodeName) {
    model().failLaunchesNamed(nodeName);
  }

  @Override
  public void throttleNextCalls(int calls) {
    server.throttleNextCalls(calls);
  }

  /**
   * A reservation of the offering's shape in its AD, asked for at {@code start} (CREATING until
   * then), its window's end in its {@code stratus-window-end} freeform tag: OCI has no end of its
   * own.
   */
  @Override
  public String reserve(Instant start, Instant end, int instances) {
    String id = String.format("ocid1.capacityreservation.oc1.iad.aaaacontract%04d", ++next);
    model()
        .reservation(
            id,
            offering.key().zone(),
            offering.key().instanceType(),
            null,
            instances,
            start,
            Map.of(OciReservationMapping.END_TAG, end.toString()));
    ends.put(id, end);
    return id;
  }

  /**
   * The clock passes the tagged end and the owner deletes the reservation, as they would at the end
   * of their commitment: OCI terminates its instances.
   */
  @Override
  public void endWindow(String reservationId) {
    if (clock instanceof ShiftedClock shifted) {
      shifted.passTo(ends.get(reservationId).plusSeconds(1));
    }
    model().deleteReservation(reservationId);
  }

  @Override
  public void close() {
    try {
      provider.terminate(model().liveIds());
      provider.close();
    } finally {
      server.close();
    }
  }
}
