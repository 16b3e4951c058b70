package dev.stratus.provider.aws;

import dev.stratus.api.spi.LaunchRequest;
import software.amazon.awssdk.services.ec2.model.LaunchTemplateSpecification;
import software.amazon.awssdk.services.ec2.model.MarketType;
import software.amazon.awssdk.services.ec2.model.ResourceType;
import software.amazon.awssdk.services.ec2.model.RunInstancesRequest;
import software.amazon.awssdk.services.ec2.model.TagSpecification;

/**
 * The RunInstances call of a launch into a reservation, as a pure function of the request and the
 * settings. EC2 Fleet cannot name a reservation per call (only its launch template can), so a
 * reserved offering launches with RunInstances: {@code CapacityReservationTarget} = the offering's
 * {@link dev.stratus.api.model.OfferingKey#reservation() reservation}, {@code MarketType
 * capacity-block} when it is a Capacity Block, the settings' launch template, the zone's first
 * subnet (a reservation lives in one zone), the request's shared tags on the instances. {@code
 * MinCount = MaxCount = N} when all or nothing (EC2 launches all N or none), else {@code MinCount =
 * 1}. No placement group: a reservation's instances are placed where it was made.
 */
final class ReservedRuns {
  private ReservedRuns() {}

  static RunInstancesRequest build(
      LaunchRequest request, AwsSettings settings, String subnet, boolean capacityBlock) {
    int n = request.nodeNames().size();
    var t = settings.launchTemplate();
    var template = LaunchTemplateSpecification.builder().version(t.version());
    t.id().ifPresent(template::launchTemplateId);
    t.name().ifPresent(template::launchTemplateName);
    var builder =
        RunInstancesRequest.builder()
            .launchTemplate(template.build())
            .instanceType(request.offering().key().instanceType())
            .subnetId(subnet)
            .minCount(request.allOrNothing() ? n : 1)
            .maxCount(n)
            .clientToken(request.clientToken())
            .capacityReservationSpecification(
                c ->
                    c.capacityReservationTarget(
                        r -> r.capacityReservationId(request.offering().key().reservation())))
            .tagSpecifications(
                TagSpecification.builder()
                    .resourceType(ResourceType.INSTANCE)
                    .tags(FleetRequests.tags(request.tags()))
                    .build());
    settings.userDataBase64().ifPresent(builder::userData);
    settings.imageId().ifPresent(builder::imageId);
    if (capacityBlock) {
      builder.instanceMarketOptions(m -> m.marketType(MarketType.CAPACITY_BLOCK));
    }
    return builder.build();
  }
}
