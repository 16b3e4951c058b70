/**
 * Deadline-aware spot policies: given what the controller knows at one decision instant (the job's
 * progress and deadline, where it runs, each offering's observed availability and prices), say
 * where the job should run next: spot at an offering, on-demand at an offering, or nowhere for now.
 * Pure functions of their input: no I/O, no clock reads, no logging; the same code runs in the
 * controller and in the simulator.
 */
package dev.stratus.policy;
