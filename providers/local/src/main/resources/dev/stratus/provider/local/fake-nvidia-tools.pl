# Body of the fake nvidia-smi and dcgmi of a local node (FakeNvidiaTools writes the header above:
# %N, @BUS, @UUID, @SERIAL). One script, installed under both names; it reads the node's fault
# state (FakeGpuState's JSON) at every call and prints what NVIDIA's tools print for it.

my %S = (xids => [], eccUncorrectable => [], nvlinkDown => [], throttle => [], missing => [],
         hang => 0, idle => 0);
if (open my $fh, '<', $N{state}) {
    local $/;
    my $text = <$fh>;
    close $fh;
    # FakeGpuState's own JSON, read without JSON::PP (loading it would triple the cost of a poll)
    for my $k (qw(eccUncorrectable nvlinkDown throttle missing)) {
        $S{$k} = [$1 =~ /(\d+)/g] if $text =~ /"$k"\s*:\s*\[([^\]]*)\]/;
    }
    for my $k (qw(hang idle)) {
        $S{$k} = $text =~ /"$k"\s*:\s*true/ ? 1 : 0;
    }
    if ($text =~ /"xids"\s*:\s*\[(.*?)\]/s) {
        my $list = $1;
        for my $o ($list =~ /\{([^}]*)\}/g) {
            my ($x) = $o =~ /"xid"\s*:\s*(\d+)/;
            my ($g) = $o =~ /"gpu"\s*:\s*(\d+)/;
            push @{$S{xids}}, {xid => $x, gpu => $g} if defined $x && defined $g;
        }
    }
}
if ($S{hang}) {
    # a hung driver: the caller's time box has to kill us
    sleep 600;
    exit 1;
}

my %ECC = map { $_ => 1 } @{$S{eccUncorrectable}};
my %NVLINK = map { $_ => 1 } @{$S{nvlinkDown}};
my %THROTTLE = map { $_ => 1 } @{$S{throttle}};
my %MISSING = map { $_ => 1 } @{$S{missing}};
my (%LOST, %XID);
for my $x (@{$S{xids}}) {
    push @{$XID{$x->{gpu}}}, $x->{xid};
    $LOST{$x->{gpu}} = 1 if $x->{xid} == 79;
}
my %RESET = map { $_ => 1 } (48, 74, 95, 119, 120);
my %DRAIN = map { $_ => 1 } (63, 64, 94);

(my $prog = $0) =~ s{.*/}{};
exit($prog eq 'dcgmi' ? dcgmi(@ARGV) : nvidia_smi(@ARGV));

sub visible { my $i = shift; return !$MISSING{$i} && !$LOST{$i}; }

sub lost_message {
    my $i = shift;
    (my $pci = $BUS[$i]) =~ s/^0000//;
    return "Unable to determine the device handle for GPU $pci: GPU is lost. "
        . "Reboot the system to recover this GPU\n";
}

# exit status after printing: 15 when a GPU fell off the bus, as nvidia-smi reports it
sub report_lost {
    my $status = 0;
    for my $i (0 .. $N{count} - 1) {
        next unless $LOST{$i} && !$MISSING{$i};
        print STDERR lost_message($i);
        $status = 15;
    }
    return $status;
}

sub nvidia_smi {
    my @args = @_;
    my %a = map { $_ => 1 } @args;
    if (@args == 2 && ($a{'-q'} || $a{'--query'}) && ($a{'-x'} || $a{'--xml-format'})) {
        print xml();
        return report_lost();
    }
    if (@args == 2 && $args[0] eq 'nvlink' && ($a{'-s'} || $a{'--status'})) {
        print nvlink();
        return report_lost();
    }
    if (@args == 1 && ($a{'-L'} || $a{'--list-gpus'})) {
        for my $i (grep { visible($_) } 0 .. $N{count} - 1) {
            print "GPU $i: $N{product} (UUID: $UUID[$i])\n";
        }
        return report_lost();
    }
    if (!@args || $a{'-h'} || $a{'--help'}) {
        print "NVIDIA System Management Interface -- v$N{driver} (fake: Stratus local node)\n\n",
            "  -q -x           query every GPU, XML\n",
            "  -L              list the GPUs\n",
            "  nvlink -s       NVLink status\n";
        return 0;
    }
    print "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n";
    return 2;
}

sub active { return $_[0] ? 'Active' : 'Not Active'; }

sub xml {
    my @gpus = grep { !$MISSING{$_} } 0 .. $N{count} - 1;
    my $out = qq{<?xml version="1.0" ?>\n}
        . qq{<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">\n}
        . "<nvidia_smi_log>\n"
        . "\t<timestamp>" . scalar(localtime) . "</timestamp>\n"
        . "\t<driver_version>$N{driver}</driver_version>\n"
        . "\t<cuda_version>$N{cuda}</cuda_version>\n"
        . "\t<attached_gpus>" . scalar(@gpus) . "</attached_gpus>\n";
    $out .= gpu_xml($_) for grep { !$LOST{$_} } @gpus;
    return $out . "</nvidia_smi_log>\n";
}

sub gpu_xml {
    my $i = shift;
    my $idle = $S{idle};
    my $throttle = $THROTTLE{$i};
    my $ecc = $ECC{$i} ? 1 : 0;
    my @xids = @{$XID{$i} || []};
    my $reset = (grep { $RESET{$_} } @xids) ? 'Yes' : 'No';
    my $drain = ($ecc || grep { $DRAIN{$_} } @xids) ? 'Yes' : 'No';
    my ($bus) = $BUS[$i] =~ /^[0-9A-F]{8}:([0-9A-F]{2})/;
    my $domain = substr($BUS[$i], 4, 4);
    my $total = $N{total_mib};
    my $reserved = $N{reserved_mib};
    my $used = $idle ? 0 : int(($total - $reserved) * 0.6);
    my $free = $total - $reserved - $used;
    my ($util, $mutil) = $idle ? (0, 0) : (85, 47);
    my $temp = $throttle ? 90 : $idle ? 31 : 63;
    my $power = $idle ? $N{idle_watts} : sprintf('%.2f', $N{power_limit} * 0.82);
    my $sm = $throttle ? 1035 : $idle ? 345 : $N{max_sm_clock};
    my $pstate = 'P0';
    my $process = $idle ? "\t\t<processes>\n\t\t</processes>\n"
        : "\t\t<processes>\n\t\t\t<process_info>\n"
        . "\t\t\t\t<gpu_instance_id>N/A</gpu_instance_id>\n"
        . "\t\t\t\t<compute_instance_id>N/A</compute_instance_id>\n"
        . "\t\t\t\t<pid>" . (41000 + $i) . "</pid>\n"
        . "\t\t\t\t<type>C</type>\n"
        . "\t\t\t\t<process_name>python3</process_name>\n"
        . "\t\t\t\t<used_memory>" . ($used - 10) . " MiB</used_memory>\n"
        . "\t\t\t</process_info>\n\t\t</processes>\n";
    my $board = sprintf('0x%x', hex($bus) << 8);
    return <<"END";
	<gpu id="$BUS[$i]">
		<product_name>$N{product}</product_name>
		<product_brand>NVIDIA</product_brand>
		<product_architecture>$N{arch}</product_architecture>
		<display_mode>Disabled</display_mode>
		<display_active>Disabled</display_active>
		<persistence_mode>Enabled</persistence_mode>
		<addressing_mode>None</addressing_mode>
		<mig_mode>
			<current_mig>Disabled</current_mig>
			<pending_mig>Disabled</pending_mig>
		</mig_mode>
		<mig_devices>
			None
		</mig_devices>
		<accounting_mode>Disabled</accounting_mode>
		<accounting_mode_buffer_size>4000</accounting_mode_buffer_size>
		<driver_model>
			<current_dm>N/A</current_dm>
			<pending_dm>N/A</pending_dm>
		</driver_model>
		<serial>$SERIAL[$i]</serial>
		<uuid>$UUID[$i]</uuid>
		<minor_number>$i</minor_number>
		<vbios_version>$N{vbios}</vbios_version>
		<multigpu_board>No</multigpu_board>
		<board_id>$board</board_id>
		<gpu_module_id>@{[$i + 1]}</gpu_module_id>
		<gpu_operation_mode>
			<current_gom>N/A</current_gom>
			<pending_gom>N/A</pending_gom>
		</gpu_operation_mode>
		<gpu_virtualization_mode>
			<virtualization_mode>None</virtualization_mode>
			<host_vgpu_mode>N/A</host_vgpu_mode>
		</gpu_virtualization_mode>
		<gpu_reset_status>
			<reset_required>$reset</reset_required>
			<drain_and_reset_recommended>$drain</drain_and_reset_recommended>
		</gpu_reset_status>
		<gsp_firmware_version>$N{driver}</gsp_firmware_version>
		<pci>
			<pci_bus>$bus</pci_bus>
			<pci_device>00</pci_device>
			<pci_domain>$domain</pci_domain>
			<pci_device_id>$N{device_id}</pci_device_id>
			<pci_bus_id>$BUS[$i]</pci_bus_id>
			<pci_sub_system_id>$N{subsystem_id}</pci_sub_system_id>
			<pci_gpu_link_info>
				<pcie_gen>
					<max_link_gen>$N{pcie_gen}</max_link_gen>
					<current_link_gen>$N{pcie_gen}</current_link_gen>
					<device_current_link_gen>$N{pcie_gen}</device_current_link_gen>
					<max_device_link_gen>$N{pcie_gen}</max_device_link_gen>
					<max_host_link_gen>$N{pcie_gen}</max_host_link_gen>
				</pcie_gen>
				<link_widths>
					<max_link_width>16x</max_link_width>
					<current_link_width>16x</current_link_width>
				</link_widths>
			</pci_gpu_link_info>
			<pci_bridge_chip>
				<bridge_chip_type>N/A</bridge_chip_type>
				<bridge_chip_fw>N/A</bridge_chip_fw>
			</pci_bridge_chip>
			<replay_counter>0</replay_counter>
			<replay_rollover_counter>0</replay_rollover_counter>
			<tx_util>0 KB/s</tx_util>
			<rx_util>0 KB/s</rx_util>
			<atomic_caps_inbound>N/A</atomic_caps_inbound>
			<atomic_caps_outbound>N/A</atomic_caps_outbound>
		</pci>
		<fan_speed>N/A</fan_speed>
		<performance_state>$pstate</performance_state>
		<clocks_event_reasons>
			<clocks_event_reason_gpu_idle>@{[active($idle)]}</clocks_event_reason_gpu_idle>
			<clocks_event_reason_applications_clocks_setting>Not Active</clocks_event_reason_applications_clocks_setting>
			<clocks_event_reason_sw_power_cap>Not Active</clocks_event_reason_sw_power_cap>
			<clocks_event_reason_hw_slowdown>@{[active($throttle)]}</clocks_event_reason_hw_slowdown>
			<clocks_event_reason_hw_thermal_slowdown>@{[active($throttle)]}</clocks_event_reason_hw_thermal_slowdown>
			<clocks_event_reason_hw_power_brake_slowdown>Not Active</clocks_event_reason_hw_power_brake_slowdown>
			<clocks_event_reason_sync_boost>Not Active</clocks_event_reason_sync_boost>
			<clocks_event_reason_sw_thermal_slowdown>Not Active</clocks_event_reason_sw_thermal_slowdown>
			<clocks_event_reason_display_clocks_setting>Not Active</clocks_event_reason_display_clocks_setting>
		</clocks_event_reasons>
		<sparse_operation_mode>N/A</sparse_operation_mode>
		<fb_memory_usage>
			<total>$total MiB</total>
			<reserved>$reserved MiB</reserved>
			<used>$used MiB</used>
			<free>$free MiB</free>
		</fb_memory_usage>
		<bar1_memory_usage>
			<total>131072 MiB</total>
			<used>1 MiB</used>
			<free>131071 MiB</free>
		</bar1_memory_usage>
		<cc_protected_memory_usage>
			<total>0 MiB</total>
			<used>0 MiB</used>
			<free>0 MiB</free>
		</cc_protected_memory_usage>
		<compute_mode>Default</compute_mode>
		<utilization>
			<gpu_util>$util %</gpu_util>
			<memory_util>$mutil %</memory_util>
			<encoder_util>0 %</encoder_util>
			<decoder_util>0 %</decoder_util>
			<jpeg_util>0 %</jpeg_util>
			<ofa_util>0 %</ofa_util>
		</utilization>
		<ecc_mode>
			<current_ecc>Enabled</current_ecc>
			<pending_ecc>Enabled</pending_ecc>
		</ecc_mode>
		<ecc_errors>
			<volatile>
				<sram_correctable>0</sram_correctable>
				<sram_uncorrectable_parity>0</sram_uncorrectable_parity>
				<sram_uncorrectable_secded>0</sram_uncorrectable_secded>
				<dram_correctable>0</dram_correctable>
				<dram_uncorrectable>$ecc</dram_uncorrectable>
			</volatile>
			<aggregate>
				<sram_correctable>0</sram_correctable>
				<sram_uncorrectable_parity>0</sram_uncorrectable_parity>
				<sram_uncorrectable_secded>0</sram_uncorrectable_secded>
				<dram_correctable>0</dram_correctable>
				<dram_uncorrectable>$ecc</dram_uncorrectable>
				<sram_threshold_exceeded>No</sram_threshold_exceeded>
			</aggregate>
			<aggregate_uncorrectable_sram_sources>
				<sram_l2>0</sram_l2>
				<sram_sm>0</sram_sm>
				<sram_microcontroller>0</sram_microcontroller>
				<sram_pcie>0</sram_pcie>
				<sram_other>0</sram_other>
			</aggregate_uncorrectable_sram_sources>
		</ecc_errors>
		<retired_pages>
			<multiple_single_bit_retirement>
				<retired_count>N/A</retired_count>
				<retired_pagelist>N/A</retired_pagelist>
			</multiple_single_bit_retirement>
			<double_bit_retirement>
				<retired_count>N/A</retired_count>
				<retired_pagelist>N/A</retired_pagelist>
			</double_bit_retirement>
			<pending_blacklist>N/A</pending_blacklist>
			<pending_retirement>N/A</pending_retirement>
		</retired_pages>
		<remapped_rows>
			<remapped_row_corr>0</remapped_row_corr>
			<remapped_row_unc>$ecc</remapped_row_unc>
			<remapped_row_pending>@{[$ecc ? 'Yes' : 'No']}</remapped_row_pending>
			<remapped_row_failure>No</remapped_row_failure>
			<row_remapper_histogram>
				<row_remapper_histogram_max>@{[$ecc ? 2559 : 2560]} bank(s)</row_remapper_histogram_max>
				<row_remapper_histogram_high>0 bank(s)</row_remapper_histogram_high>
				<row_remapper_histogram_partial>@{[$ecc ? 1 : 0]} bank(s)</row_remapper_histogram_partial>
				<row_remapper_histogram_low>0 bank(s)</row_remapper_histogram_low>
				<row_remapper_histogram_none>0 bank(s)</row_remapper_histogram_none>
			</row_remapper_histogram>
		</remapped_rows>
		<temperature>
			<gpu_temp>$temp C</gpu_temp>
			<gpu_temp_max_threshold>92 C</gpu_temp_max_threshold>
			<gpu_temp_slow_threshold>89 C</gpu_temp_slow_threshold>
			<gpu_temp_max_gpu_threshold>87 C</gpu_temp_max_gpu_threshold>
			<gpu_target_temperature>N/A</gpu_target_temperature>
			<memory_temp>@{[$temp + 8]} C</memory_temp>
			<gpu_temp_max_mem_threshold>95 C</gpu_temp_max_mem_threshold>
		</temperature>
		<supported_gpu_target_temp>
			<gpu_target_temp_min>N/A</gpu_target_temp_min>
			<gpu_target_temp_max>N/A</gpu_target_temp_max>
		</supported_gpu_target_temp>
		<gpu_power_readings>
			<power_state>$pstate</power_state>
			<power_draw>$power W</power_draw>
			<current_power_limit>$N{power_limit}.00 W</current_power_limit>
			<requested_power_limit>$N{power_limit}.00 W</requested_power_limit>
			<default_power_limit>$N{power_limit}.00 W</default_power_limit>
			<min_power_limit>200.00 W</min_power_limit>
			<max_power_limit>$N{power_limit}.00 W</max_power_limit>
		</gpu_power_readings>
		<gpu_memory_power_readings>
			<power_draw>N/A</power_draw>
		</gpu_memory_power_readings>
		<module_power_readings>
			<power_state>$pstate</power_state>
			<power_draw>N/A</power_draw>
			<current_power_limit>N/A</current_power_limit>
			<requested_power_limit>N/A</requested_power_limit>
			<default_power_limit>N/A</default_power_limit>
			<min_power_limit>N/A</min_power_limit>
			<max_power_limit>N/A</max_power_limit>
		</module_power_readings>
		<clocks>
			<graphics_clock>$sm MHz</graphics_clock>
			<sm_clock>$sm MHz</sm_clock>
			<mem_clock>$N{mem_clock} MHz</mem_clock>
			<video_clock>1545 MHz</video_clock>
		</clocks>
		<applications_clocks>
			<graphics_clock>$N{max_sm_clock} MHz</graphics_clock>
			<mem_clock>$N{mem_clock} MHz</mem_clock>
		</applications_clocks>
		<default_applications_clocks>
			<graphics_clock>$N{max_sm_clock} MHz</graphics_clock>
			<mem_clock>$N{mem_clock} MHz</mem_clock>
		</default_applications_clocks>
		<max_clocks>
			<graphics_clock>$N{max_sm_clock} MHz</graphics_clock>
			<sm_clock>$N{max_sm_clock} MHz</sm_clock>
			<mem_clock>$N{mem_clock} MHz</mem_clock>
			<video_clock>1545 MHz</video_clock>
		</max_clocks>
		<clock_policy>
			<auto_boost>N/A</auto_boost>
			<auto_boost_default>N/A</auto_boost_default>
		</clock_policy>
$process		<accounted_processes>
		</accounted_processes>
	</gpu>
END
}

sub nvlink {
    my $out = '';
    for my $i (grep { visible($_) } 0 .. $N{count} - 1) {
        $out .= "GPU $i: $N{product} (UUID: $UUID[$i])\n";
        for my $link (0 .. $N{links} - 1) {
            my $speed = ($NVLINK{$i} && $link == 0) ? '<inactive>' : "$N{link_speed} GB/s";
            $out .= "\t Link $link: $speed\n";
        }
    }
    return $out;
}

# DCGM 4's `dcgmi diag -j`: tests by category, one result per GPU entity, exit 226 on a failure.
sub dcgmi {
    my @args = @_;
    my ($level, $json);
    if (@args && $args[0] eq 'diag') {
        for (my $k = 1; $k < @args; $k++) {
            if ($args[$k] eq '-r' || $args[$k] eq '--run') { $level = $args[++$k]; }
            elsif ($args[$k] eq '-j' || $args[$k] eq '--json') { $json = 1; }
            else { $level = undef; last; }
        }
    }
    if (!defined $level || $level !~ /^[1-4]$/) {
        print "Usage: dcgmi diag -r <1|2|3|4> [-j]   (fake: Stratus local node)\n";
        return 0;
    }
    my @categories = (['Deployment', ['software']]);
    push @categories, ['Integration', ['pcie']], ['Hardware', ['memory']] if $level >= 2;
    if ($level >= 3) {
        push @{$categories[2][1]}, 'diagnostic';
        push @{$categories[2][1]}, 'pulse_test' if $level >= 4;
        push @categories, ['Stress', ['targeted_stress', 'targeted_power', 'memory_bandwidth']];
    }
    my $failed = 0;
    my @out;
    for my $c (@categories) {
        my @tests;
        for my $name (@{$c->[1]}) {
            my @results;
            my $status = 'Pass';
            for my $i (0 .. $N{count} - 1) {
                my $r = {entity_group => 'GPU', entity_group_id => 1, entity_id => $i,
                         status => 'Pass'};
                my @w = diag_warnings($name, $i);
                if (@w) {
                    $r->{status} = 'Fail';
                    $r->{warnings} = \@w;
                    $status = 'Fail';
                    $failed = 1;
                }
                push @results, $r;
            }
            push @tests, {name => $name, results => \@results, test_summary => {status => $status}};
        }
        push @out, {category => $c->[0], tests => \@tests};
    }
    my $doc = {
        'DCGM Diagnostic' => {test_categories => \@out},
        entity_groups => [{
            entity_group => 'GPU', entity_group_id => 1,
            entities => [map { {device_id => lc(substr($N{device_id}, 0, 4)), entity_id => $_,
                                serial_num => $SERIAL[$_]} } 0 .. $N{count} - 1],
        }],
        metadata => {'Driver Version Detected' => $N{driver}, version => $N{dcgm}},
    };
    if ($json) {
        require JSON::PP;
        print JSON::PP->new->canonical->pretty->encode($doc);
    } else {
        print "Successfully ran diagnostic for group.\n";
        for my $c (@out) {
            for my $t (@{$c->{tests}}) {
                printf "| %-25s | %-46s |\n", $t->{name}, $t->{test_summary}{status};
            }
        }
    }
    return $failed ? 226 : 0;
}

# The faults DCGM would report for GPU $i in test $name (dcgm_errors.h ids and categories).
sub diag_warnings {
    my ($name, $i) = @_;
    my @w;
    if ($MISSING{$i} || $LOST{$i}) {
        return ({error_id => 20, error_category => 8, error_severity => 2,
                 warning => "GPU $i is present in /dev but cannot be reached through NVML."})
            if $name eq 'software';
        return ({error_id => 59, error_category => 6, error_severity => 2,
                 warning => "No CUDA device discoverable for existing GPU $i."});
    }
    if ($ECC{$i} && ($name eq 'software' || $name eq 'memory')) {
        push @w, {error_id => 4, error_category => 10, error_severity => 2,
                  warning => "Detected 1 volatile double-bit ECC error(s) in GPU $i."};
    }
    if ($name eq 'software') {
        for my $x (@{$XID{$i} || []}) {
            push @w, {error_id => 101, error_category => 5, error_severity => 2,
                      warning => "Detected XID $x for GPU $i."};
        }
    }
    return @w;
}
