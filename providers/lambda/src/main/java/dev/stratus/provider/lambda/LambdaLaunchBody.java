package dev.stratus.provider.lambda;

import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.NodeUserData;
import java.util.List;
import java.util.Map;

/**
 * One node's launch body (pure): the offering's region and type, the SSH key, the file system,
 * quantity 1, the instance name, the user-data with the node's own name (and wrapping token) filled
 * in, and Stratus's tags with Lambda-safe keys.
 */
final class LambdaLaunchBody {
  private LambdaLaunchBody() {}

  static LambdaJson.LaunchBody build(
      LambdaSettings s, LaunchRequest req, String node, String instanceName) {
    String userData =
        s.userData()
            .map(
                u ->
                    NodeUserData.fill(
                        NodeUserData.fillNodeName(u, node), node, req.credential(node)))
            .orElse(null);
    List<LambdaJson.Tag> tags =
        req.tagsFor(node).entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e -> new LambdaJson.Tag(LambdaInstances.tagKey(e.getKey()), e.getValue()))
            .toList();
    return new LambdaJson.LaunchBody(
        req.offering().key().region(),
        req.offering().key().instanceType(),
        List.of(s.sshKeyName()),
        s.fileSystemName().map(List::of).orElse(null),
        1,
        instanceName,
        userData,
        tags);
  }
}
