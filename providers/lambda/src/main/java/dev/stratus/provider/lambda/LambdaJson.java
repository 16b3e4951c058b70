package dev.stratus.provider.lambda;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The Lambda Cloud API's wire shapes (https://cloud.lambdalabs.com/api/v1, its OpenAPI document):
 * every success is {@code {"data": ...}}, every failure {@code {"error": {"code", "message",
 * "suggestion"}}}. Fields this provider does not read are ignored.
 */
final class LambdaJson {
  private LambdaJson() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Envelope<T>(T data) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record ErrorBody(Error error) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Error(String code, String message, String suggestion) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Region(String name, String description) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Specs(int vcpus, @JsonProperty("memory_gib") int memoryGib, int gpus) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record InstanceType(
      String name,
      String description,
      @JsonProperty("price_cents_per_hour") int priceCentsPerHour,
      Specs specs) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Availability(
      @JsonProperty("instance_type") InstanceType instanceType,
      @JsonProperty("regions_with_capacity_available") List<Region> regions) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Tag(String key, String value) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Instance(
      String id,
      String name,
      String status,
      String ip,
      @JsonProperty("private_ip") String privateIp,
      Region region,
      @JsonProperty("instance_type") InstanceType instanceType,
      List<Tag> tags) {}

  /** One launch: always one instance ({@code quantity} 1), so each node has its own user-data. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record LaunchBody(
      @JsonProperty("region_name") String regionName,
      @JsonProperty("instance_type_name") String instanceTypeName,
      @JsonProperty("ssh_key_names") List<String> sshKeyNames,
      @JsonProperty("file_system_names") List<String> fileSystemNames,
      int quantity,
      String name,
      @JsonProperty("user_data") String userData,
      List<Tag> tags) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Launched(@JsonProperty("instance_ids") List<String> instanceIds) {}

  record TerminateBody(@JsonProperty("instance_ids") List<String> instanceIds) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Terminated(@JsonProperty("terminated_instances") List<Instance> terminatedInstances) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record SshKey(String id, String name) {}

  /** The instance-types answer: type name to its shape, price and regions with capacity. */
  record Types(Map<String, Availability> byName) {}
}
