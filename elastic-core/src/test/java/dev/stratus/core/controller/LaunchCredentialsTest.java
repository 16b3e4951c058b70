package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.ProviderError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Per-node bootstrap credentials: issued per launch try, revoked when the try fails. */
class LaunchCredentialsTest extends ControllerFixture {
  final RecordingCredentials credentials = new RecordingCredentials();

  /**
   * Issues numbered credentials and remembers what it revoked; can be told to fail. Launch tries
   * call it from cloud task threads.
   */
  static final class RecordingCredentials implements NodeCredentials {
    final List<NodeCredential> issued = new CopyOnWriteArrayList<>();
    final List<NodeCredential> revoked = new CopyOnWriteArrayList<>();
    final List<String> clientTokens = new CopyOnWriteArrayList<>();
    volatile NodeCredentials.CredentialException failNext;

    @Override
    public synchronized Map<String, NodeCredential> issue(
        List<String> nodeNames, String clientToken) throws CredentialException {
      clientTokens.add(clientToken);
      if (failNext != null) {
        CredentialException e = failNext;
        failNext = null;
        throw e;
      }
      Map<String, NodeCredential> out = new LinkedHashMap<>();
      for (String n : nodeNames) {
        NodeCredential c =
            new NodeCredential(n, "hvs.wrap-" + issued.size(), "acc-" + issued.size(), "");
        issued.add(c);
        out.put(n, c);
      }
      return out;
    }

    @Override
    public void revoke(NodeCredential credential) {
      revoked.add(credential);
    }
  }

  @Override
  protected Controller newController() {
    return newController(credentials);
  }

  @Test
  void eachNodeOfALaunchGetsItsOwnCredentialAndNoneIsRevokedWhenAllCameUp() {
    slurmResumes("r1", 42, "gpu-001", "gpu-002");

    pass();

    assertThat(cloud.requests()).hasSize(1);
    assertThat(cloud.requests().get(0).credentials())
        .containsOnlyKeys("gpu-001", "gpu-002")
        .allSatisfy((node, c) -> assertThat(c.nodeName()).isEqualTo(node));
    assertThat(credentials.revoked).isEmpty();
    // The nodes' signing keys are derived from the launch's client token: issue gets that one.
    assertThat(credentials.clientTokens).containsExactly(cloud.requests().get(0).clientToken());
  }

  @Test
  void aFailedTryRevokesItsCredentialsAndTheNextOfferingGetsFreshOnes() {
    cloud.exhaust(SPOT.key());
    slurmResumes("r1", 1, "gpu-001", "gpu-002");

    pass();

    assertThat(cloud.requests()).hasSize(2);
    var first = cloud.requests().get(0).credentials().values();
    var second = cloud.requests().get(1).credentials().values();
    assertThat(credentials.revoked).containsExactlyInAnyOrderElementsOf(first);
    assertThat(second).doesNotContainAnyElementsOf(first).hasSize(2);
  }

  @Test
  void vaultUnreachableDefersTheLaunchWithoutCallingTheProvider() {
    credentials.failNext = new NodeCredentials.CredentialException("vault: no answer", true);
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(cloud.requests()).isEmpty();
    assertThat(spool.pending()).hasSize(1);
    pass();
    assertThat(cloud.requests()).hasSize(1);
    pass();
    assertThat(spool.pending()).isEmpty();
  }

  @Test
  void vaultRefusingTheControllerSetsTheNodesDownWithVaultsReason() {
    credentials.failNext =
        new NodeCredentials.CredentialException(
            "vault: cannot issue a wrapped secret-id: HTTP 403 permission denied", false);
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(cloud.requests()).isEmpty();
    assertThat(slurm.calls())
        .anySatisfy(c -> assertThat(c).startsWith("down [gpu-001]").contains("HTTP 403"));
  }

  @Test
  void aNodeWhoseBootstrapFailedIsSetDownWithWhatTheNodeFound() {
    cloud.failNextLaunch(
        new ProviderError.BootstrapFailed(
            "gpus", "node gpu-001: gpu: found 7 of 8 h100; slurmd not started"));
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(slurm.calls())
        .contains(
            "down [gpu-001] stratus: gpus: node gpu-001: gpu: found 7 of 8 h100; slurmd not"
                + " started");
    assertThat(credentials.revoked).hasSize(credentials.issued.size());
  }

  @Test
  void aProviderThatCannotDeliverPerNodeCredentialsGetsNoneAndNoneAreIssued() {
    cloud.needsNodeCredentials(false);
    slurmResumes("r1", 1, "gpu-001");

    pass();

    assertThat(cloud.requests())
        .singleElement()
        .satisfies(r -> assertThat(r.credentials()).isEmpty());
    assertThat(credentials.issued).isEmpty();
  }
}
