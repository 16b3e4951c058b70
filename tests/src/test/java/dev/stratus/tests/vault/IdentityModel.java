package dev.stratus.tests.vault;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The entity aliases cloud logins make, as Vault's auth methods make them (API docs of the aws, gcp
 * and azure methods): each mount has an accessor ({@code auth_<mount>_<hex>}), names the alias by
 * the role (the default {@code iam_alias}/{@code gce_alias} {@code role_id}: every instance of a
 * role shares one alias) or by the instance ({@code unique_id}, {@code instance_id}; Azure: the
 * managed identity's object id), and keeps on it only the metadata keys configured ({@code
 * iam_metadata} defaults to account_id and auth_type; {@code gce_metadata} to all its keys; Azure
 * always sets resource_group_name, subscription_id and vm_name). A login overwrites its alias's
 * metadata, and templated policies read the alias as it is when a request arrives: so with a shared
 * alias the last login's instance is every token's instance, as in Vault.
 */
final class IdentityModel {
  static final Map<String, Set<String>> DEFAULT_METADATA =
      Map.of(
          "aws", Set.of("account_id", "auth_type"),
          "gcp",
              Set.of(
                  "instance_creation_timestamp",
                  "instance_id",
                  "instance_name",
                  "project_id",
                  "project_number",
                  "role",
                  "service_account_id",
                  "service_account_email",
                  "zone"),
          "azure", Set.of("resource_group_name", "subscription_id", "vm_name", "vmss_name"));

  private record Config(boolean perInstance, Set<String> metadataKeys) {}

  private final Map<String, Config> configs = new HashMap<>();
  private final Map<String, Map<String, String>> aliases = new HashMap<>();

  /** {@code auth/<mount>/config/identity} (aws) or {@code auth/<mount>/config} (gcp). */
  void configure(String mount, boolean aliasPerInstance, Set<String> metadataKeys) {
    configs.put(mount, new Config(aliasPerInstance, Set.copyOf(metadataKeys)));
  }

  static String accessor(String mount) {
    return "auth_" + mount + "_5a7c0f1e";
  }

  /**
   * A login on {@code mount} by {@code instance} under {@code roleId}; returns the alias key its
   * token refers to. Azure aliases are per managed identity ({@code instance} is its object id).
   */
  String login(String mount, String roleId, String instance, Map<String, String> metadata) {
    Config c =
        configs.getOrDefault(
            mount,
            new Config(mount.equals("azure"), DEFAULT_METADATA.getOrDefault(mount, Set.of())));
    String key = mount + ":" + (c.perInstance() ? instance : roleId);
    Map<String, String> kept = new HashMap<>();
    metadata.forEach(
        (k, v) -> {
          if (c.metadataKeys().contains(k)) {
            kept.put(k, v);
          }
        });
    aliases.put(key, Map.copyOf(kept));
    return key;
  }

  /** The alias as templated policies see it now. */
  PolicyModel.Alias alias(String key) {
    if (key == null || !aliases.containsKey(key)) {
      return PolicyModel.Alias.NONE;
    }
    return new PolicyModel.Alias(accessor(key.substring(0, key.indexOf(':'))), aliases.get(key));
  }
}
