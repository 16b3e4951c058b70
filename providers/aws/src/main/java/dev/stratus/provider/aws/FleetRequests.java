package dev.stratus.provider.aws;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.spi.LaunchRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.DefaultTargetCapacityType;
import software.amazon.awssdk.services.ec2.model.FleetLaunchTemplateConfigRequest;
import software.amazon.awssdk.services.ec2.model.FleetLaunchTemplateOverridesRequest;
import software.amazon.awssdk.services.ec2.model.FleetLaunchTemplateSpecificationRequest;
import software.amazon.awssdk.services.ec2.model.FleetOnDemandAllocationStrategy;
import software.amazon.awssdk.services.ec2.model.FleetType;
import software.amazon.awssdk.services.ec2.model.OnDemandOptionsRequest;
import software.amazon.awssdk.services.ec2.model.Placement;
import software.amazon.awssdk.services.ec2.model.ResourceType;
import software.amazon.awssdk.services.ec2.model.SpotAllocationStrategy;
import software.amazon.awssdk.services.ec2.model.SpotInstanceInterruptionBehavior;
import software.amazon.awssdk.services.ec2.model.SpotOptionsRequest;
import software.amazon.awssdk.services.ec2.model.Tag;
import software.amazon.awssdk.services.ec2.model.TagSpecification;

/**
 * The one CreateFleet call of a launch, as a pure function of the request and the settings.
 *
 * <p>An instant fleet over one instance type and the zone's subnets (one override per subnet). The
 * request's shared tags (cluster, pool, token, job) are set on the instances at launch, so an
 * instance is findable from its first second; the per-node tag comes after (EC2 applies one tag set
 * to the whole fleet). With {@code allOrNothing}, {@code MinTargetCapacity} = N together with
 * {@code SingleInstanceType} and {@code SingleAvailabilityZone} makes EC2 launch all N or none.
 * {@code ClientToken} = the request's token: a repeated call returns the first call's fleet.
 */
final class FleetRequests {
  private FleetRequests() {}

  static CreateFleetRequest build(
      LaunchRequest request,
      AwsSettings settings,
      List<String> subnets,
      Optional<String> placementGroup,
      boolean dryRun) {
    int n = request.nodeNames().size();
    boolean spot = request.offering().capacityType() == CapacityType.SPOT;
    Integer min = request.allOrNothing() ? n : null;
    var builder =
        CreateFleetRequest.builder()
            .dryRun(dryRun)
            .type(FleetType.INSTANT)
            .clientToken(request.clientToken())
            .targetCapacitySpecification(
                t ->
                    t.totalTargetCapacity(n)
                        .defaultTargetCapacityType(
                            spot
                                ? DefaultTargetCapacityType.SPOT
                                : DefaultTargetCapacityType.ON_DEMAND))
            .launchTemplateConfigs(
                FleetLaunchTemplateConfigRequest.builder()
                    .launchTemplateSpecification(template(settings))
                    .overrides(
                        subnets.stream()
                            .map(
                                subnet ->
                                    overrides(
                                        request.offering().key().instanceType(),
                                        subnet,
                                        settings.imageId(),
                                        placementGroup))
                            .toList())
                    .build())
            .tagSpecifications(
                TagSpecification.builder()
                    .resourceType(ResourceType.INSTANCE)
                    .tags(tags(request.tags()))
                    .build());
    if (spot) {
      builder.spotOptions(
          SpotOptionsRequest.builder()
              .allocationStrategy(
                  SpotAllocationStrategy.fromValue(settings.spotAllocationStrategy()))
              .instanceInterruptionBehavior(SpotInstanceInterruptionBehavior.TERMINATE)
              .singleInstanceType(true)
              .singleAvailabilityZone(true)
              .minTargetCapacity(min)
              .build());
    } else {
      builder.onDemandOptions(
          OnDemandOptionsRequest.builder()
              .allocationStrategy(FleetOnDemandAllocationStrategy.LOWEST_PRICE)
              .singleInstanceType(true)
              .singleAvailabilityZone(true)
              .minTargetCapacity(min)
              .build());
    }
    return builder.build();
  }

  static List<Tag> tags(Map<String, String> tags) {
    return tags.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> Tag.builder().key(e.getKey()).value(e.getValue()).build())
        .toList();
  }

  private static FleetLaunchTemplateSpecificationRequest template(AwsSettings settings) {
    var t = settings.launchTemplate();
    var spec = FleetLaunchTemplateSpecificationRequest.builder().version(t.version());
    t.id().ifPresent(spec::launchTemplateId);
    t.name().ifPresent(spec::launchTemplateName);
    settings.userDataBase64().ifPresent(spec::launchTemplateSpecificationUserData);
    return spec.build();
  }

  private static FleetLaunchTemplateOverridesRequest overrides(
      String instanceType, String subnet, Optional<String> image, Optional<String> group) {
    var o =
        FleetLaunchTemplateOverridesRequest.builder().instanceType(instanceType).subnetId(subnet);
    image.ifPresent(o::imageId);
    group.ifPresent(g -> o.placement(Placement.builder().groupName(g).build()));
    return o.build();
  }
}
