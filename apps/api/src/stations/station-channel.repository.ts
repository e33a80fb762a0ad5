import { Injectable } from '@nestjs/common';
import type { Client } from 'pg';
import { DedicatedClients } from '../database/dedicated-client';
import { STATION_CHANNEL, type StationNotice } from './stations.repository';

/**
 * The stations' channel as the listener hears it: a connection of its own (DedicatedClients),
 * its LISTEN, and the notices StationsRepository sends on it decoded. StationListener keeps the
 * connection up.
 */
@Injectable()
export class StationChannelRepository {
  constructor(private readonly clients: DedicatedClients) {}

  /** A connection, not yet connected, that hands the channel's notices to `onNotice`. */
  connection(onNotice: (notice: StationNotice) => void): Client {
    const client = this.clients.create('sweepline-station-listener');
    client.on('notification', (message) => {
      if (message.channel !== STATION_CHANNEL || !message.payload) return;
      onNotice(JSON.parse(message.payload) as StationNotice);
    });
    return client;
  }

  /** Connects and listens: notices sent from now on arrive. */
  async listen(client: Client): Promise<void> {
    await client.connect();
    await client.query(`LISTEN ${STATION_CHANNEL}`);
  }
}
