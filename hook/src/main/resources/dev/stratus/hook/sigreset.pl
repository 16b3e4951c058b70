#!/usr/bin/perl
# sigreset CMD [ARGS...]: exec CMD with no blocked signals and default signal actions.
# Written by Stratus (HookLaunchers). slurmctld runs its power-save programs with
# HUP INT QUIT ABRT USR1 USR2 PIPE ALRM TERM TSTP XCPU blocked; the mask survives execve and
# sh keeps it, so a program started from a hook would ignore those signals (a daemon would
# ignore kill). Perl because /bin/sh cannot change the mask and perl-base is always installed.
use strict;
use POSIX ();
@ARGV or die "usage: sigreset CMD [ARGS...]\n";
$SIG{$_} = 'DEFAULT' for qw(HUP INT QUIT ABRT USR1 USR2 PIPE ALRM TERM TSTP XCPU);
POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new())
  or die "sigreset: sigprocmask: $!\n";
exec { $ARGV[0] } @ARGV or die "sigreset: cannot exec $ARGV[0]: $!\n";
