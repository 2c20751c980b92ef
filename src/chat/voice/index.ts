export * from './capture';
