import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { AppConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/app-data/data-source-options';

/** The DataSource for the TypeORM CLI (`npm run typeorm -- migration:run`), from the same environment as the app. */
export default new DataSource(dataSourceOptions(AppConfig.fromEnvironment(process.env).database));
