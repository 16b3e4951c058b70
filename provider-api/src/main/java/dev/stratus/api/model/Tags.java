package dev.stratus.api.model;

/**
 * Tag keys Stratus puts on every instance at launch. The tags are the binding between a cloud
 * instance and a Slurm node slot: the controller keeps no database, so these must always be set.
 */
public final class Tags {
  public static final String CLUSTER = "stratus:cluster";
  public static final String POOL = "stratus:pool";
  public static final String NODE = "stratus:node";
  public static final String JOB = "stratus:job";
  public static final String TOKEN = "stratus:token";

  private Tags() {}
}
